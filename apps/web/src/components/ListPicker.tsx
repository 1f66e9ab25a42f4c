import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { FilterField } from './FilterField';
import { FormAlert, formErrorsFrom } from './Form';
import { Icon } from './Icon';
import './list-picker.css';

/**
 * The words of one picker (SPEC §2 "Desktop popups"), e.g. "New Playlist", "Find playlist", "Playlist name", as
 * message descriptors (`msg`): the picker shows them in the active language.
 */
export interface ListPickerTexts {
  /** The button that opens the name form: "New Playlist". */
  newButton: MessageDescriptor;
  /** The name field's label: "Playlist name". */
  nameLabel: MessageDescriptor;
  /** Shown when Create is pressed with no name: "Give the playlist a name.". */
  nameMissing: MessageDescriptor;
  /** The filter's label and placeholder: "Find playlist". */
  filter: MessageDescriptor;
  /** The list's accessible name: "Your playlists". */
  list: MessageDescriptor;
}

/** One page-by-page list of the caller's own items, as a list query gives it. */
export interface PickerList<T> {
  items: T[];
  isPending: boolean;
  isError: boolean;
  hasNextPage?: boolean;
  fetchNextPage: () => unknown;
}

export interface ListPickerProps<T extends { id: number | string; name: string }> {
  texts: ListPickerTexts;
  list: PickerList<T>;
  /** The filter text changed (applied on Enter or blur; '' when cleared). */
  onFilter: (text: string) => void;
  /** What an entry counts, beside its name: "3 videos". */
  count: (item: T) => string;
  /** Adds to the chosen item; a throw shows its message above the list. */
  onChoose: (item: T) => Promise<unknown>;
  /** Makes a new item of this (trimmed, non-empty) name and adds to it; a throw shows its message. */
  onCreate: (name: string) => Promise<unknown>;
}

/**
 * SPEC §2 add-to-playlist / add-to-sift popup: a New … button (it opens a name form), a "Find …" filter (applied on
 * change: Enter or blur; its clear button only while there is text) and the list of the caller's items. One item
 * or one creation at a time; an error shows above. Below 992 px the modal around it is a bottom sheet.
 */
export function ListPicker<T extends { id: number | string; name: string }>({ texts: descriptors, list, onFilter, count, onChoose, onCreate }: ListPickerProps<T>) {
  const { t, i18n } = useLingui();
  const texts = {
    newButton: i18n._(descriptors.newButton),
    nameLabel: i18n._(descriptors.nameLabel),
    nameMissing: i18n._(descriptors.nameMissing),
    filter: i18n._(descriptors.filter),
    list: i18n._(descriptors.list),
  };
  const [creating, setCreating] = useState(false);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const nameId = useId();
  const nameInput = useRef<HTMLInputElement>(null);

  // The autofocus attribute only works for the first one a page shows: focus the name field when it opens.
  useEffect(() => {
    if (creating) nameInput.current?.focus();
  }, [creating]);

  const run = async (work: () => Promise<unknown>, labels?: Record<string, string>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (err) {
      setError(formErrorsFrom(err, labels).message);
    } finally {
      setBusy(false);
    }
  };

  const create = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setError(texts.nameMissing);
    void run(() => onCreate(name.trim()), { name: t`Name` });
  };

  return (
    <div className="list-picker">
      {error && <FormAlert>{error}</FormAlert>}
      {creating ? (
        <form className="picker-create" onSubmit={create}>
          <label htmlFor={nameId} className="field-label">
            {texts.nameLabel}
          </label>
          <div className="picker-row">
            <input ref={nameInput} id={nameId} className="picker-input" value={name} maxLength={100} onChange={(e) => setName(e.currentTarget.value)} />
            <button type="submit" className="btn btn-primary" disabled={busy}>
              <Trans>Create</Trans>
            </button>
          </div>
        </form>
      ) : (
        <button type="button" className="btn btn-secondary btn-block" onClick={() => setCreating(true)}>
          <Icon name="plus" size={20} /> {texts.newButton}
        </button>
      )}
      <FilterField label={texts.filter} onApply={onFilter} />
      <ul className="picker-list" aria-label={texts.list} aria-busy={list.isPending}>
        {list.items.map((item) => (
          <li key={item.id}>
            <button type="button" className="picker-item" disabled={busy} onClick={() => void run(() => onChoose(item))}>
              <span className="picker-name">{item.name}</span>
              <span className="picker-count">{count(item)}</span>
            </button>
          </li>
        ))}
        {!list.isPending && list.items.length === 0 && <li className="picker-empty">
            <Trans>No results.</Trans>
          </li>}
        {list.isError && <li className="picker-empty">
            <Trans>Error returning results.</Trans>
          </li>}
      </ul>
      {list.hasNextPage && (
        <button type="button" className="btn btn-secondary btn-block" onClick={() => void list.fetchNextPage()}>
          <Trans>Load more</Trans>
        </button>
      )}
    </div>
  );
}
