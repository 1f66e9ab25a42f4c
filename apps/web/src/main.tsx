import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { preloadFirstScreen } from './app/first-screen';
import { initI18n } from './lib/i18n';
// A failed thumbnail or avatar shows a neutral placeholder, not the browser's broken-image glyph (issue 31).
import './lib/image-fallback';
import './styles/app.css';
// The first-run tips' few rules with the app's own: as the player's chunk's own stylesheet, their arrival was a file and
// a restyle of the whole page of its own in the watch page's first second (issue 32, decision 057).
import './components/first-run-hint.css';

// The language's catalogue first (none for English), so that the first paint is already in the reader's language,
// and the player's chunk when the address opens a video, so that it is already the player (app/first-screen.ts).
void Promise.all([initI18n(), preloadFirstScreen(location)]).finally(() => createRoot(document.getElementById('root')!).render(<App />));

// The service worker (SPEC §4) is registered after the page has loaded, from a chunk of its own, so neither
// workbox-window nor the worker's precaching competes with the first route.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const register = () => void import('./app/update/register').then((m) => m.registerServiceWorker()).catch(() => undefined);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
