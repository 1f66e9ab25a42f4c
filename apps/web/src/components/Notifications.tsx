import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { NOTIFICATION_MS, NOTIFICATION_ACTION_MS } from '../lib/config';

/** A button in the toast ("Undo"): the toast stays longer, and while the pointer or focus is on it. */
export interface ToastAction {
  label: string;
  run: () => void;
}
type Notify = (text: string, action?: ToastAction) => void;
const NotifyContext = createContext<Notify>(() => {});

/** `notify("Added to Watch later")`: a toast shown for 1500 ms (SPEC §9); `notify(text, { label: 'Undo', run })` adds a button. */
export const useNotify = () => useContext(NotifyContext);

export function NotificationProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<{ text: string; id: number; action?: ToastAction } | null>(null);
  const [held, setHeld] = useState(false);
  const seq = useRef(0);
  const notify = useCallback<Notify>((text, action) => setToast({ text, action, id: ++seq.current }), []);

  useEffect(() => {
    if (!toast || held) return;
    const t = setTimeout(() => setToast(null), toast.action ? NOTIFICATION_ACTION_MS : NOTIFICATION_MS);
    return () => clearTimeout(t);
  }, [toast, held]);

  const action = toast?.action;
  return (
    <NotifyContext.Provider value={notify}>
      {children}
      {/* The live region stays mounted so screen readers announce text put into it. */}
      <div className="toast-region" role="status" aria-live="polite">
        {toast && (
          <div
            className={action ? 'toast toast--action' : 'toast'}
            key={toast.id}
            onPointerEnter={() => setHeld(true)}
            onPointerLeave={() => setHeld(false)}
            onFocus={() => setHeld(true)}
            onBlur={() => setHeld(false)}
          >
            <span>{toast.text}</span>
            {action && (
              <button
                type="button"
                className="toast-action"
                onClick={() => {
                  setToast(null);
                  setHeld(false);
                  action.run();
                }}
              >
                {action.label}
              </button>
            )}
          </div>
        )}
      </div>
    </NotifyContext.Provider>
  );
}
