import { useId, useRef, useState } from 'react';
import { Icon } from '../../../components/Icon';

/**
 * SPEC §2 "Find playlist" filter: applied on change (Enter or blur), with a clear button shown only while there
 * is text. `onApply` gets the trimmed text ('' when cleared).
 */
export function FilterField({ label, onApply }: { label: string; onApply: (text: string) => void }) {
  const [text, setText] = useState('');
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className="picker-filter">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        ref={input}
        id={id}
        className="picker-input"
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
          className="icon-btn picker-clear"
          aria-label="Clear filter"
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
