import { useLingui } from '@lingui/react/macro';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Icon } from './Icon';

export interface SearchFieldProps {
  /** Current text from the URL; the field follows it when it changes. */
  value: string;
  onSubmit: (text: string) => void;
  label?: string;
  /** Shown in the empty field; SPEC §2's "Search..." when not given. */
  placeholder?: string;
  className?: string;
}

/**
 * SPEC §2 search field: placeholder "Search...", Enter (or the button) submits, with a clear button shown while
 * there is text. Empty text is not submitted (SPEC §5: query text is used only when non-empty).
 */
export function SearchField({ value, onSubmit, label, placeholder, className }: SearchFieldProps) {
  const { t } = useLingui();
  const [text, setText] = useState(value);
  const [shownValue, setShownValue] = useState(value);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  // Follow the URL when it changes (back/forward, a new search) without an effect: adjust state while rendering.
  if (shownValue !== value) {
    setShownValue(value);
    setText(value);
  }

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const q = text.trim();
    if (q) onSubmit(q);
  };

  return (
    <form role="search" className={`search-field${className ? ` ${className}` : ''}`} onSubmit={submit}>
      <label htmlFor={id} className="sr-only">
        {label ?? t`Search`}
      </label>
      <input
        ref={input}
        id={id}
        type="search"
        name="st"
        placeholder={placeholder ?? t`Search...`}
        autoComplete="off"
        enterKeyHint="search"
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
      />
      {text && (
        <button
          type="button"
          className="search-clear"
          aria-label={t`Clear search`}
          onClick={() => {
            setText('');
            input.current?.focus();
          }}
        >
          <Icon name="close" size={18} />
        </button>
      )}
      <button type="submit" className="search-submit" aria-label={t`Search`}>
        <Icon name="search" size={20} />
      </button>
    </form>
  );
}
