import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { NOTIFICATION_MS } from '../lib/config';

type Notify = (text: string) => void;
const NotifyContext = createContext<Notify>(() => {});

/** `notify("Added to Watch later")`: a toast shown for 1500 ms (SPEC §9). */
export const useNotify = () => useContext(NotifyContext);

export function NotificationProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<{ text: string; id: number } | null>(null);
  const seq = useRef(0);
  const notify = useCallback<Notify>((text) => setToast({ text, id: ++seq.current }), []);

  useEffect(() => {
    if (!toast) return;
    const t = setTimeout(() => setToast(null), NOTIFICATION_MS);
    return () => clearTimeout(t);
  }, [toast]);

  return (
    <NotifyContext.Provider value={notify}>
      {children}
      {/* The live region stays mounted so screen readers announce text put into it. */}
      <div className="toast-region" role="status" aria-live="polite">
        {toast && (
          <div className="toast" key={toast.id}>
            {toast.text}
          </div>
        )}
      </div>
    </NotifyContext.Provider>
  );
}
