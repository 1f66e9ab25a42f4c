import { msg } from '@lingui/core/macro';
import type { I18n } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useAppNavigate } from '../../../components/AppLink';
import { FormAlert, NO_ERRORS, SubmitButton, TextArea, TextField, focusFirstInvalid, type FormErrors } from '../../../components/Form';
import { fieldErrorsFrom } from '../../../components/field-errors';
import { useDocumentTitle } from '../../../components/Page';
import { useNotify } from '../../../components/Notifications';
import { AppLink } from '../../../components/AppLink';
import { paths, to } from '../../../lib/paths';
import { useLoginNeeding } from '../../../lib/use-login-needing';
import { CREATE_PLAYLIST_ACTION } from '../actions';
import { createPlaylist, invalidatePlaylists, updatePlaylist, usePlaylist } from '../api/queries';
import { PlaylistPicker } from './PlaylistPicker';
import '../playlists.css';

const LABELS = { name: msg`Name`, description: msg`Description`, backgroundColor: msg`Background colour` };
/** The field names server errors are reported under, in the active language. */
const labels = (i18n: I18n) => ({ name: i18n._(LABELS.name), description: i18n._(LABELS.description), backgroundColor: i18n._(LABELS.backgroundColor) });

/** /create/playlist: a name, then the new playlist's page. A visitor logs in first and it is made afterwards. */
export function CreatePlaylistPage() {
  const { t, i18n } = useLingui();
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const navigate = useAppNavigate();
  const qc = useQueryClient();
  const notify = useNotify();
  const loginNeeding = useLoginNeeding();
  useDocumentTitle(t`Create a playlist`);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) {
      setErrors({ message: null, fields: { name: t`Name is required.` } });
      return focusFirstInvalid(form.current);
    }
    setBusy(true);
    try {
      const result = await loginNeeding({ type: CREATE_PLAYLIST_ACTION, payload: { name: name.trim() }, successMessage: t`Playlist created` }, () =>
        createPlaylist(name.trim()),
      );
      if (result.status === 'done') {
        await invalidatePlaylists(qc);
        notify(t`Playlist created`);
        navigate(to.playlist(result.value.id));
      }
    } catch (err) {
      setErrors(fieldErrorsFrom(err, labels(i18n)));
      focusFirstInvalid(form.current);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="page narrow-page" aria-labelledby="page-title">
      <h1 id="page-title" className="page-title" tabIndex={-1}>
        <Trans>Create a playlist</Trans>
      </h1>
      <p className="page-lead">
        <Trans>Name it now; add videos from any video's ⋮ menu or from the playlist's page.</Trans>
      </p>
      <form ref={form} className="stack-form" onSubmit={submit} noValidate>
        {errors.message && <FormAlert>{errors.message}</FormAlert>}
        <TextField label={t`Name`} name="name" value={name} onChange={setName} error={errors.fields.name} required maxLength={100} autoFocus />
        <div className="form-actions">
          <SubmitButton busy={busy} busyLabel={t`Creating…`}>
            <Trans>Create playlist</Trans>
          </SubmitButton>
        </div>
      </form>
    </section>
  );
}

/** /playlists/{id}/edit: name, description, background colour (owner only; not Watch later). */
export function PlaylistEditPage({ id }: { id: string }) {
  const playlist = usePlaylist(id);
  const { t } = useLingui();
  const p = playlist.data;
  useDocumentTitle(t`Edit playlist`);
  if (!p) return <section className="page" aria-busy="true" aria-label={t`Edit playlist`} />;
  if (!p.owner.creator || p.isWatchLater) {
    return (
      <section className="page" aria-labelledby="page-title">
        <h1 id="page-title" className="page-title" tabIndex={-1}>
          <Trans>Edit playlist</Trans>
        </h1>
        <p>{p.isWatchLater ? <Trans>Only the owner can edit this playlist, and Watch later cannot be edited.</Trans> : <Trans>Only the owner can edit this playlist.</Trans>}</p>
      </section>
    );
  }
  return <EditForm id={p.id} initial={{ name: p.name, description: p.description, backgroundColor: p.backgroundColor }} />;
}

function EditForm({ id, initial }: { id: number; initial: { name: string; description: string; backgroundColor: string } }) {
  const { t, i18n } = useLingui();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const navigate = useAppNavigate();
  const qc = useQueryClient();
  const notify = useNotify();
  const set = (key: keyof typeof values) => (value: string) => setValues((v) => ({ ...v, [key]: value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      await updatePlaylist(id, { name: values.name.trim(), description: values.description.trim(), backgroundColor: values.backgroundColor });
      await invalidatePlaylists(qc);
      notify(t`Playlist saved`);
      navigate(to.playlist(id));
    } catch (err) {
      setErrors(fieldErrorsFrom(err, labels(i18n)));
      focusFirstInvalid(form.current);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="page narrow-page" aria-labelledby="page-title">
      <h1 id="page-title" className="page-title" tabIndex={-1}>
        <Trans>Edit playlist</Trans>
      </h1>
      <form ref={form} className="stack-form" onSubmit={submit} noValidate>
        {errors.message && <FormAlert>{errors.message}</FormAlert>}
        <TextField label={t`Name`} name="name" value={values.name} onChange={set('name')} error={errors.fields.name} required maxLength={100} />
        <TextArea label={t`Description`} name="description" value={values.description} onChange={set('description')} maxLength={1000} hint={errors.fields.description} />
        <div className="field">
          <label htmlFor="playlist-colour" className="field-label">
            <Trans>Background colour</Trans>
          </label>
          <input id="playlist-colour" type="color" value={values.backgroundColor} onChange={(e) => set('backgroundColor')(e.currentTarget.value)} />
        </div>
        <div className="form-buttons">
          <AppLink to={to.playlist(id)} className="btn btn-secondary">
            <Trans>Cancel</Trans>
          </AppLink>
          <SubmitButton busy={busy} busyLabel={t`Saving…`}>
            <Trans>Save</Trans>
          </SubmitButton>
        </div>
      </form>
    </section>
  );
}

/** /add-to-playlist?video={externalId}: the add-to-playlist popup as a page (after login, and on small screens). */
export function AddToPlaylistPage() {
  const [params] = useSearchParams();
  const navigate = useAppNavigate();
  const video = params.get('video') ?? params.get('v');
  const { t } = useLingui();
  useDocumentTitle(t`Add to playlist`);
  return (
    <section className="page narrow-page" aria-labelledby="page-title">
      <h1 id="page-title" className="page-title" tabIndex={-1}>
        <Trans>Add to playlist</Trans>
      </h1>
      {video ? (
        <PlaylistPicker video={{ externalId: video, title: '' }} onDone={() => navigate(paths.playlists)} />
      ) : (
        <p>
          <Trans>Choose a video first: its menu has “Add to playlist”.</Trans>
        </p>
      )}
    </section>
  );
}
