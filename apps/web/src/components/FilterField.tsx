import { useLingui } from '@lingui/react/macro';
import { useId, useRef, useState } from 'react';
import { Icon } from './Icon';
import './filter-field.css';

/**
 * SPEC §2 list filter ("Find playlist", "Find sift"): applied on change (Enter or blur), with a clear button shown
 * only while there is text. `onApply` gets the trimmed text ('' when cleared).
 */
export function FilterField({ label, onApply, initial = '' }: { label: string; onApply: (text: string) => void; initial?: string }) {
  const { t } = useLingui();
  const [text, setText] = useState(initial);
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className="filter-field">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        ref={input}
        id={id}
        className="filter-field-input"
        type="text"
        placeholder={label}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        onBlur={() => onApply(text.trim())}
        onKeyDown={(e) => {
          if (e.key !== 'Enter') return;
          e.preventDefault();
          onApply(text.trim());
        }}
      />
      {text && (
        <button
          type="button"
          className="icon-btn filter-field-clear"
          aria-label={t`Clear filter`}
          onClick={() => {
            setText('');
            onApply('');
            input.current?.focus();
          }}
        >
          <Icon name="close" size={18} />
        </button>
      )}
    </div>
  );
}
