import { SHARE_POPUP_CHECK_MS, SHARE_POPUP_HEIGHT, SHARE_POPUP_WIDTH } from '../../lib/config';

/**
 * Opens a network's share address in a 626×436 popup centred over the window (SPEC §9) and checks every 500 ms
 * whether it was closed. Answers a function that stops the check, or null when the browser blocked the popup.
 */
export function openSharePopup(address: string, onClosed: () => void, win: Window = window): (() => void) | null {
  const left = Math.max(0, Math.round(win.screenX + (win.outerWidth - SHARE_POPUP_WIDTH) / 2));
  const top = Math.max(0, Math.round(win.screenY + (win.outerHeight - SHARE_POPUP_HEIGHT) / 2));
  const features = `width=${SHARE_POPUP_WIDTH},height=${SHARE_POPUP_HEIGHT},left=${left},top=${top},menubar=no,toolbar=no,location=yes,resizable=yes,scrollbars=yes`;
  // Not `noopener` (open() would answer null and the closing could not be watched). The page's
  // Cross-Origin-Opener-Policy is `same-origin-allow-popups` for the same reason (infra/http/security-headers.ts).
  const popup = win.open(address, 'sift-share', features);
  if (!popup) return null;
  const timer = win.setInterval(() => {
    if (popup.closed) {
      win.clearInterval(timer);
      onClosed();
    }
  }, SHARE_POPUP_CHECK_MS);
  return () => win.clearInterval(timer);
}
