import { Workbox } from 'workbox-window';
import { startUpdateFlow } from './update-flow';

/** Registers the service worker built by vite-plugin-pwa (apps/web/pwa.ts) and starts the update flow. */
export function registerServiceWorker(): Promise<void> {
  return startUpdateFlow(new Workbox('/sw.js'));
}
