import type { ReactNode } from 'react';

export interface ToggleProps {
  checked: boolean;
  onChange: (on: boolean) => void;
  /** The visible label, which is also the switch's accessible name. */
  children: ReactNode;
  className?: string;
  disabled?: boolean;
}

/**
 * SPEC §2's on/off toggle: a switch (role="switch", aria-checked) named by its visible label, operated by a click or
 * a tap anywhere on it, Space and Enter (a button's own keys), with the focus ring of every control. Every on/off
 * setting that applies at once uses it (Hide watched, Pause history, the player's autoplay and cinema mode, a sift's
 * Public …). A pick among items (what to import) or a box that goes with a dialog's button ("Don't show this again")
 * stays a checkbox (decision 049).
 */
export function Toggle({ checked, onChange, children, className, disabled }: ToggleProps) {
  return (
    <button type="button" role="switch" aria-checked={checked} className={className ? `toggle ${className}` : 'toggle'} disabled={disabled} onClick={() => onChange(!checked)}>
      <span className="toggle-label">{children}</span>
      <span className="toggle-track" aria-hidden="true" />
    </button>
  );
}
