import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import type { Frequency } from '@sift/contracts';

export const FREQUENCY_LABELS: Record<Frequency, MessageDescriptor> = {
  IMMEDIATE: msg`Immediately`,
  DAILY: msg`Daily digest`,
  WEEKLY: msg`Weekly digest`,
  NONE: msg`Never`,
};

/** The notice after a change of frequency: "E-mail: daily digest" (whole sentences: languages capitalise differently). */
export const FREQUENCY_NOTICES: Record<Frequency, MessageDescriptor> = {
  IMMEDIATE: msg`E-mail: immediately`,
  DAILY: msg`E-mail: daily digest`,
  WEEKLY: msg`E-mail: weekly digest`,
  NONE: msg`E-mail: never`,
};
const ORDER: Frequency[] = ['IMMEDIATE', 'DAILY', 'WEEKLY', 'NONE'];

/** How often e-mail tells the member about new videos (SPEC §4 "Notification frequency"): a radio group. */
export function FrequencyChoice({ value, onChange, disabled, legend }: { value: Frequency; onChange: (f: Frequency) => void; disabled?: boolean; legend: string }) {
  const { i18n } = useLingui();
  const name = useId();
  return (
    <fieldset className="freq" disabled={disabled}>
      <legend>{legend}</legend>
      {ORDER.map((f) => (
        <label key={f} className="freq-option">
          <input type="radio" name={name} value={f} checked={value === f} onChange={() => onChange(f)} />
          <span>{i18n._(FREQUENCY_LABELS[f])}</span>
        </label>
      ))}
    </fieldset>
  );
}
