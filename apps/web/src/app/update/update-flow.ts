import { SW_UPDATE_CHECK_MS } from '../../lib/config';
import { createStore } from '../../lib/store';

/**
 * SPEC §4 "Service worker": an update check every 60000 ms; when a new version is found, an info message with a
 * refresh link; refresh → skip-waiting → one page reload once the controller changes. Kept apart from
 * workbox-window (register.ts) so that the first route does not load it and the flow is testable as is.
 */

/** Set while a new version waits: `apply` hands the page over to it. The message shows while it is set. */
export const pendingUpdate = createStore<{ apply: () => void } | null>(null);

/** What the flow needs of workbox-window's `Workbox`. */
export interface ServiceWorkerHandle {
  /** 'waiting': a new worker is installed and waits (also when one was already waiting at registration). */
  addEventListener(type: 'waiting', listener: () => void): void;
  register(): Promise<unknown>;
  /** Asks the browser to fetch the worker's script again and install it when it changed. */
  update(): Promise<unknown>;
  /** Tells the waiting worker to skip waiting (the SKIP_WAITING message of Workbox's generated worker). */
  messageSkipWaiting(): void;
}

/** The page's side: timers, the controller-change event, the reload. */
export interface PageHandle {
  setInterval(run: () => void, ms: number): unknown;
  onControllerChange(listener: () => void): void;
  reload(): void;
}

const browserPage: PageHandle = {
  setInterval: (run, ms) => window.setInterval(run, ms),
  onControllerChange: (listener) => navigator.serviceWorker.addEventListener('controllerchange', listener),
  reload: () => window.location.reload(),
};

export async function startUpdateFlow(worker: ServiceWorkerHandle, page: PageHandle = browserPage): Promise<void> {
  let handingOver = false;
  let reloaded = false;
  page.onControllerChange(() => {
    // Only a change the person asked for reloads, and only once (a first install also takes control, silently).
    if (!handingOver || reloaded) return;
    reloaded = true;
    page.reload();
  });
  worker.addEventListener('waiting', () => {
    pendingUpdate.set({
      apply() {
        handingOver = true;
        worker.messageSkipWaiting();
      },
    });
  });
  await worker.register();
  page.setInterval(() => {
    // Offline, or the server away: the next check tries again.
    worker.update().catch(() => undefined);
  }, SW_UPDATE_CHECK_MS);
}
