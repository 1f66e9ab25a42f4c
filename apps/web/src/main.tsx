import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import './styles/app.css';

createRoot(document.getElementById('root')!).render(<App />);

// The service worker (SPEC §4) is registered after the page has loaded, from a chunk of its own, so neither
// workbox-window nor the worker's precaching competes with the first route.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const register = () => void import('./app/update/register').then((m) => m.registerServiceWorker()).catch(() => undefined);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
