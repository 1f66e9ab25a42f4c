import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import type { Frequency } from '@sift/contracts';
import { FREQUENCIES, FREQUENCY_LABELS } from '../frequencies';

/** How often e-mail tells the member about new videos (SPEC §4 "Notification frequency"): a radio group. */
export function FrequencyChoice({ value, onChange, disabled, legend }: { value: Frequency; onChange: (f: Frequency) => void; disabled?: boolean; legend: string }) {
  const { i18n } = useLingui();
  const name = useId();
  return (
    <fieldset className="freq" disabled={disabled}>
      <legend>{legend}</legend>
      {FREQUENCIES.map((f) => (
        <label key={f} className="freq-option">
          <input type="radio" name={name} value={f} checked={value === f} onChange={() => onChange(f)} />
          <span>{i18n._(FREQUENCY_LABELS[f])}</span>
        </label>
      ))}
    </fieldset>
  );
}
