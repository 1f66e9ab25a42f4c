import { useId } from 'react';
import type { Frequency } from '@sift/contracts';

export const FREQUENCY_LABELS: Record<Frequency, string> = {
  IMMEDIATE: 'Immediately',
  DAILY: 'Daily digest',
  WEEKLY: 'Weekly digest',
  NONE: 'Never',
};
const ORDER: Frequency[] = ['IMMEDIATE', 'DAILY', 'WEEKLY', 'NONE'];

/** How often e-mail tells the member about new videos (SPEC §4 "Notification frequency"): a radio group. */
export function FrequencyChoice({ value, onChange, disabled, legend }: { value: Frequency; onChange: (f: Frequency) => void; disabled?: boolean; legend: string }) {
  const name = useId();
  return (
    <fieldset className="freq" disabled={disabled}>
      <legend>{legend}</legend>
      {ORDER.map((f) => (
        <label key={f} className="freq-option">
          <input type="radio" name={name} value={f} checked={value === f} onChange={() => onChange(f)} />
          <span>{FREQUENCY_LABELS[f]}</span>
        </label>
      ))}
    </fieldset>
  );
}
