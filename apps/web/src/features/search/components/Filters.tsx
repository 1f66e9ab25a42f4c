import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { useRef, type KeyboardEvent } from 'react';
import type { SearchSort } from '@sift/contracts';
import { Icon } from '../../../components/Icon';
import { Menu } from '../../../components/Menu';
import { sortLabel, SORTS, type SearchScope } from '../state';

/**
 * The type filter as tabs (SPEC §4 search scopes; default all). Arrow keys, Home and End move between tabs and
 * select them (automatic activation: each tab is one cheap search).
 */
export function ScopeTabs({
  scopes,
  value,
  onChange,
  panelId,
  label,
}: {
  scopes: ReadonlyArray<{ value: SearchScope; label: MessageDescriptor }>;
  value: SearchScope;
  onChange: (scope: SearchScope) => void;
  panelId: string;
  label?: string;
}) {
  const { t, i18n } = useLingui();
  const list = useRef<HTMLDivElement>(null);
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const at = scopes.findIndex((s) => s.value === value);
    let next: number | null = null;
    if (e.key === 'ArrowRight') next = (at + 1) % scopes.length;
    else if (e.key === 'ArrowLeft') next = (at - 1 + scopes.length) % scopes.length;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = scopes.length - 1;
    if (next === null) return;
    e.preventDefault();
    onChange(scopes[next]!.value);
    list.current?.querySelectorAll<HTMLElement>('[role="tab"]')[next]?.focus();
  };
  return (
    <div ref={list} role="tablist" aria-label={label ?? t`Search type`} className="scope-tabs" onKeyDown={onKeyDown}>
      {scopes.map((s) => {
        const selected = s.value === value;
        return (
          <button
            key={s.value}
            type="button"
            role="tab"
            id={`${panelId}-tab-${s.value}`}
            aria-selected={selected}
            aria-controls={panelId}
            tabIndex={selected ? 0 : -1}
            className="scope-tab"
            onClick={() => onChange(s.value)}
          >
            {i18n._(s.label)}
          </button>
        );
      })}
    </div>
  );
}

/** SPEC §9 sort options in a menu: a dropdown at ≥ 992 px, a bottom sheet below. */
export function SortMenu({ value, onChange }: { value: SearchSort; onChange: (sort: SearchSort) => void }) {
  const { t, i18n } = useLingui();
  const current = i18n._(sortLabel(value));
  return (
    <Menu
      label={t`Sort by: ${current}`}
      title={t`Sort by`}
      buttonClassName="btn btn-secondary sort-btn"
      button={
        <>
          <Icon name="list" size={18} />
          <span className="sort-btn-text">{current}</span>
        </>
      }
      items={SORTS.map((s) => ({ kind: 'radio' as const, label: i18n._(s.label), checked: s.value === value, onSelect: () => onChange(s.value) }))}
    />
  );
}

/** SPEC §2 message bar, shown when the type filter hides results; activating it clears the filters. */
export const OUTSIDE_FILTERS_TEXT = msg`There are additional results outside your active filters. Click to view full results (will clear filters)`;

export function OutsideFiltersBar({ onClear }: { onClear: () => void }) {
  const { i18n } = useLingui();
  return (
    <div className="message message--info search-outside" role="status">
      <button type="button" className="search-outside-btn" onClick={onClear}>
        {i18n._(OUTSIDE_FILTERS_TEXT)}
      </button>
    </div>
  );
}
