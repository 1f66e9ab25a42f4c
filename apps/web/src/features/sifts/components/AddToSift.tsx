import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useAppNavigate } from '../../../components/AppLink';
import { FilterField } from '../../../components/FilterField';
import { FormAlert, formErrorsFrom } from '../../../components/Form';
import { Icon } from '../../../components/Icon';
import { Modal } from '../../../components/Modal';
import { useNotify } from '../../../components/Notifications';
import { useDocumentTitle } from '../../../components/Page';
import { to } from '../../../lib/paths';
import { createSlot } from '../../../lib/slot';
import type { ChannelPayload } from '../actions';
import { addSiftChannel, createSift, invalidateSifts, useSifts } from '../api/queries';
import '../sifts.css';

// The one open picker, for whoever asked (a channel card menu, the channel page); the host mounted once shows it.
const picker = createSlot<ChannelPayload>();
export const openAddToSift = (channel: ChannelPayload | null) => picker.set(channel);

/** Mount once (app/item-actions.tsx): the add-to-sift popup (SPEC §2 "Desktop popups"). */
export function AddToSiftHost() {
  const channel = picker.useValue();
  if (!channel) return null;
  return (
    <Modal title="Add to Sift" onClose={() => openAddToSift(null)} actions={<span />}>
      <SiftPicker channel={channel} onDone={() => openAddToSift(null)} />
    </Modal>
  );
}

/** /add-to-sift?channel=…: the same picker as a page (mobile, and the replay after login). */
export function AddToSiftPage() {
  const [params] = useSearchParams();
  const navigate = useAppNavigate();
  useDocumentTitle('Add to Sift');
  const externalId = params.get('channel') ?? '';
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title" className="page-title" tabIndex={-1}>
        Add to Sift
      </h1>
      {externalId ? (
        <SiftPicker
          channel={{ externalId, name: params.get('name') || undefined, thumbnail: params.get('thumbnail') || undefined }}
          onDone={(hash) => navigate(hash ? to.sift(hash) : '/')}
        />
      ) : (
        <p>Choose a channel first: open a channel's menu and pick "Add to Sift".</p>
      )}
    </section>
  );
}

/** A New Sift button, a "Find sift" filter and the list of the caller's sifts. */
export function SiftPicker({ channel, onDone }: { channel: ChannelPayload; onDone: (hash?: string) => void }) {
  const qc = useQueryClient();
  const notify = useNotify();
  const [filter, setFilter] = useState('');
  const [creating, setCreating] = useState(false);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const list = useSifts({ q: filter, sort: 'alpha', following: false });
  const nameId = useId();

  const add = async (sift: { id: number; hash: string; name: string }) => {
    setBusy(true);
    setError(null);
    try {
      await addSiftChannel(sift.id, channel);
      notify(`Added to ${sift.name}`);
      onDone(sift.hash);
    } catch (err) {
      setError(formErrorsFrom(err).message);
    } finally {
      setBusy(false);
      void invalidateSifts(qc);
    }
  };

  const create = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setError('Give the sift a name.');
    setBusy(true);
    try {
      const sift = await createSift({ name: name.trim(), channels: [channel] });
      notify(`Added to ${sift.name}`);
      void invalidateSifts(qc);
      onDone(sift.hash);
    } catch (err) {
      setError(formErrorsFrom(err, { name: 'Name' }).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="sift-picker">
      {error && <FormAlert>{error}</FormAlert>}
      {creating ? (
        <form className="sift-picker-row" onSubmit={create}>
          <label htmlFor={nameId} className="field-label">
            Sift name
          </label>
          <input id={nameId} className="sift-input" value={name} maxLength={100} autoFocus onChange={(e) => setName(e.currentTarget.value)} />
          <button type="submit" className="btn btn-primary" disabled={busy}>
            Create
          </button>
        </form>
      ) : (
        <button type="button" className="btn btn-secondary btn-block" onClick={() => setCreating(true)}>
          <Icon name="plus" size={20} /> New Sift
        </button>
      )}
      <FilterField label="Find sift" onApply={setFilter} />
      <ul className="sift-picker-list" aria-label="Your sifts" aria-busy={list.isPending}>
        {list.sifts.map((s) => (
          <li key={s.id}>
            <button type="button" className="sift-picker-item" disabled={busy} onClick={() => void add(s)}>
              <span className="sift-picker-name">{s.name}</span>
              <span className="sift-picker-count">
                {s.numberOfChannels} {s.numberOfChannels === 1 ? 'channel' : 'channels'}
              </span>
            </button>
          </li>
        ))}
        {!list.isPending && list.sifts.length === 0 && <li className="sift-picker-empty">No results.</li>}
        {list.isError && <li className="sift-picker-empty">Error returning results.</li>}
      </ul>
    </div>
  );
}
