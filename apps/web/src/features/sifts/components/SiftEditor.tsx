import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type ClipboardEvent, type FormEvent, type KeyboardEvent, type RefObject } from 'react';
import type { Sift, SiftChannel, SiftChannelInput, SiftFilters, SiftKeywords, SiftPreview } from '@sift/contracts';
import { useAppNavigate } from '../../../components/AppLink';
import { Avatar } from '../../../components/Cards';
import { usePortalSafeId } from '../../../components/dialog';
import { FirstRunHint } from '../../../components/FirstRunHint';
import { FormAlert, formErrorsFrom } from '../../../components/Form';
import { useNotify } from '../../../components/Notifications';
import { useDocumentTitle } from '../../../components/Page';
import { Toggle } from '../../../components/Toggle';
import { formatNumber } from '../../../lib/format';
import { to } from '../../../lib/paths';
import { useLoginNeeding } from '../../../lib/use-login-needing';
import { CREATE_SIFT_ACTION } from '../actions';
import {
  addSiftChannel,
  createSift,
  invalidateSifts,
  removeSiftChannel,
  siftKeys,
  updateSift,
  useChannelSuggestions,
  useSift,
  useSiftCategories,
  useSiftPreview,
  type PreviewBody,
  type SiftBody,
} from '../api/queries';
import { categoryName } from '../../../lib/categories';
import { holdsSeparator, insideQuote, keywordLabel, parseKeywordInput } from '../keywords';
import '../sifts.css';
import { reveal } from '../../../lib/reveal';

type Rule = keyof SiftKeywords;
const RULES: { rule: Rule; label: MessageDescriptor; hint: MessageDescriptor }[] = [
  { rule: 'all', label: msg`All of these words`, hint: msg`Every one must appear.` },
  { rule: 'any', label: msg`Any of these words`, hint: msg`At least one must appear (ignored when empty).` },
  { rule: 'none', label: msg`None of these words`, hint: msg`Videos with any of them are left out.` },
];
const NO_FILTERS: SiftFilters = { hideShorts: false, hideLive: false, minDurationSeconds: null, maxDurationSeconds: null };

/**
 * Keywords as chips: type a word or a phrase, Enter or a comma adds it (a pasted list adds each of its entries at once);
 * the draft counts in the preview. Phrases show in quotes.
 */
function KeywordField({ label, hint, value, onChange, onDraft }: {
  label: string;
  hint: string;
  value: string[];
  onChange: (next: string[]) => void;
  onDraft: (draft: string) => void;
}) {
  const { t } = useLingui();
  const id = useId();
  const [draft, setDraft] = useState('');
  const chosen = label.toLowerCase();
  const commit = (text = draft) => {
    const added = parseKeywordInput(text).filter((k) => !value.some((v) => v.toLowerCase() === k.toLowerCase()));
    if (added.length) onChange([...value, ...added]);
    setDraft('');
    onDraft('');
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' || (e.key === ',' && !insideQuote(draft))) {
      e.preventDefault();
      commit();
    } else if (e.key === 'Backspace' && !draft && value.length) onChange(value.slice(0, -1));
  };
  // A pasted list (`a, b, "c d"`) becomes its chips at once, with what was typed around it.
  const onPaste = (e: ClipboardEvent<HTMLInputElement>) => {
    const pasted = e.clipboardData.getData('text');
    if (!holdsSeparator(pasted)) return;
    e.preventDefault();
    const box = e.currentTarget;
    commit(draft.slice(0, box.selectionStart ?? draft.length) + pasted + draft.slice(box.selectionEnd ?? draft.length));
  };
  return (
    <div className="field kw-field">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <div className="kw-box">
        <ul className="kw-list" aria-label={t`Chosen: ${chosen}`}>
          {value.map((k) => {
            // "Remove {name}", as a channel's chip says it.
            const name = keywordLabel(k);
            return (
              <li key={k} className="kw-chip">
                {name}
                <button type="button" className="kw-remove" aria-label={t`Remove ${name}`} onClick={() => onChange(value.filter((x) => x !== k))}>
                  ×
                </button>
              </li>
            );
          })}
        </ul>
        <input
          id={id}
          className="kw-input"
          value={draft}
          aria-describedby={`${id}-hint`}
          onChange={(e) => {
            setDraft(e.currentTarget.value);
            onDraft(e.currentTarget.value);
          }}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
          onBlur={() => commit()}
        />
      </div>
      <p id={`${id}-hint`} className="field-hint">
        {hint} <Trans>Separate entries with commas; words typed together are a phrase. Whole words match, in titles, descriptions and tags.</Trans>
      </p>
    </div>
  );
}

/** Search the catalog for channels; choosing one calls onAdd. */
function ChannelSearch({ onAdd, exclude }: { onAdd: (c: SiftChannelInput & { name: string; thumbnail: string }) => void; exclude: Set<string> }) {
  const { t } = useLingui();
  // Also drawn in a sift page's "Add channels" modal page, a portal: Preact's useId there can repeat an id of the page
  // (the header's search field was named "Search Add channels", and this field had no name).
  const id = usePortalSafeId('channel-search');
  const [q, setQ] = useState('');
  const [debounced, setDebounced] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(q), 250);
    return () => clearTimeout(timer);
  }, [q]);
  const found = useChannelSuggestions(debounced);
  const items = (found.data?.items ?? []).filter((c) => !exclude.has(c.externalId));
  const add = (c: (typeof items)[number]) => {
    onAdd({ externalId: c.externalId, name: c.name, thumbnail: c.thumbnail, numberOfFollowers: c.numberOfFollowers });
    setQ('');
    setDebounced('');
  };
  // Enter here must not submit the sift: it adds the first channel found (a pasted address finds exactly one), or
  // searches at once when the results for this text have not come yet.
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    if (debounced === q && !found.isPending && items[0]) add(items[0]);
    else setDebounced(q);
  };
  return (
    <div className="field">
      <label htmlFor={id} className="field-label">
        <Trans>Add channels</Trans>
      </label>
      <input
        id={id}
        type="search"
        className="sift-input"
        placeholder={t`Search channels`}
        value={q}
        onChange={(e) => setQ(e.currentTarget.value)}
        onKeyDown={onKeyDown}
      />
      {debounced.trim() && (
        <ul className="sift-suggestions" aria-label={t`Channels found`}>
          {items.map((c) => {
            const name = c.name;
            const followers = formatNumber(c.numberOfFollowers, true);
            return (
              <li key={c.externalId}>
                <button type="button" className="sift-suggestion" aria-label={t`Add ${name}`} onClick={() => add(c)}>
                  <Avatar src={c.thumbnail} size={28} />
                  <span>{c.name}</span>
                  <span className="sift-channel-meta">
                    <Trans>{followers} followers</Trans>
                  </span>
                </button>
              </li>
            );
          })}
          {!found.isPending && items.length === 0 && (
            <li className="sift-picker-empty">
              <Trans>No results.</Trans>
            </li>
          )}
        </ul>
      )}
    </div>
  );
}

function ChannelChips({ channels, onRemove }: { channels: Array<{ externalId: string; name: string; thumbnail: string }>; onRemove: (externalId: string) => void }) {
  const { t } = useLingui();
  return (
    <ul className="sift-channel-chips" aria-label={t`Channels of this sift`}>
      {channels.map((c) => {
        const name = c.name;
        return (
          <li key={c.externalId} className="kw-chip">
            <Avatar src={c.thumbnail || null} size={22} /> {c.name}
            <button type="button" className="kw-remove" aria-label={t`Remove ${name}`} onClick={() => onRemove(c.externalId)}>
              ×
            </button>
          </li>
        );
      })}
      {channels.length === 0 && (
        <li className="sift-picker-empty">
          <Trans>No channels yet.</Trans>
        </li>
      )}
    </ul>
  );
}

/**
 * An existing sift's channels, changed at once: the list updates before the server answers and rolls back when it
 * fails (SPEC §4 "Lists").
 */
export function ChannelAdder({ sift }: { sift: Sift }) {
  const { t } = useLingui();
  const qc = useQueryClient();
  const siftName = sift.name;
  const notify = useNotify();
  const key = siftKeys.detail(sift.hash);
  const patch = (channels: SiftChannel[]) => {
    qc.setQueryData<Sift>(key, (old) => (old ? { ...old, channels, numberOfChannels: channels.length } : old));
    qc.setQueryData<Sift>(siftKeys.detail(String(sift.id)), (old) => (old ? { ...old, channels, numberOfChannels: channels.length } : old));
  };
  const change = async (next: SiftChannel[], call: () => Promise<Sift>, done: string) => {
    const before = sift.channels;
    patch(next);
    try {
      await call();
      notify(done);
    } catch (err) {
      patch(before);
      notify(formErrorsFrom(err).message ?? t`Ooops! A generic error has occurred. Please contact administrator.`);
    } finally {
      void invalidateSifts(qc);
    }
  };
  return (
    <div className="sift-channel-adder">
      <ChannelChips
        channels={sift.channels}
        onRemove={(externalId) =>
          void change(
            sift.channels.filter((c) => c.externalId !== externalId),
            () => removeSiftChannel(sift.id, externalId),
            t`Removed from ${siftName}`,
          )
        }
      />
      <ChannelSearch
        exclude={new Set(sift.channels.map((c) => c.externalId))}
        onAdd={(c) =>
          void change(
            [...sift.channels, { type: 'channel', id: -1, externalId: c.externalId, name: c.name, thumbnail: c.thumbnail, numberOfFollowers: c.numberOfFollowers ?? 0, numberOfVideos: 0 }],
            () => addSiftChannel(sift.id, c),
            t`Added to ${siftName}`,
          )
        }
      />
    </div>
  );
}

function usePreviewBody(body: PreviewBody): PreviewBody | null {
  const [debounced, setDebounced] = useState<PreviewBody | null>(null);
  const serial = JSON.stringify(body);
  useEffect(() => {
    const t = setTimeout(() => setDebounced(JSON.parse(serial) as PreviewBody), 250);
    return () => clearTimeout(t);
  }, [serial]);
  return debounced && debounced.channels.length > 0 ? debounced : null;
}

/** "31 videos match" ("1,234+" when the server stopped counting: the count as shown, the plural chosen by the number). */
function MatchCount({ data }: { data: SiftPreview }) {
  const n = data.numberOfVideos;
  const shown = `${formatNumber(n)}${data.more ? '+' : ''}`;
  return <Plural value={n} one={`${shown} video matches`} other={`${shown} videos match`} />;
}

type PreviewQuery = ReturnType<typeof useSiftPreview>;

function Preview({ body, preview, countRef }: { body: PreviewBody | null; preview: PreviewQuery; countRef: RefObject<HTMLParagraphElement | null> }) {
  const { t } = useLingui();
  return (
    <aside id="sift-preview" className="sift-preview" aria-label={t({ message: 'Preview', context: 'noun' })}>
      <h2 className="section-title" tabIndex={-1}>
        <Trans context="noun">Preview</Trans>
      </h2>
      {!body ? (
        <p>
          <Trans>Add channels to see which videos this sift shows.</Trans>
        </p>
      ) : (
        <>
          <p ref={countRef} className="sift-preview-count" role="status" aria-live="polite" aria-busy={preview.isFetching}>
            {preview.data ? <MatchCount data={preview.data} /> : t`Counting…`}
          </p>
          <ul className="sift-preview-list">
            {preview.data?.videos.map((v) => (
              <li key={v.externalId}>
                <img src={v.thumbnail} alt="" width={96} height={54} loading="lazy" />
                <span>{v.title}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </aside>
  );
}

/**
 * Below 992 px the preview stands above the form, out of sight while one picks channels and types words: this line
 * keeps its count at the bottom of the screen (sticky: in the flow, so at the form's end it covers nothing), and
 * "Preview" goes up to it. It steps aside while the preview's own count is on screen; from 992 px the preview
 * itself stays beside the form (CSS).
 */
function PreviewLine({ preview, countRef }: { preview: PreviewQuery; countRef: RefObject<HTMLParagraphElement | null> }) {
  const { t } = useLingui();
  const [countSeen, setCountSeen] = useState(false);
  useEffect(() => {
    const count = countRef.current;
    if (!count || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setCountSeen(!!entry?.isIntersecting));
    observer.observe(count);
    return () => observer.disconnect();
  }, [countRef]);
  const open = () => {
    const aside = document.getElementById('sift-preview');
    if (!aside) return;
    reveal(aside, 'start');
    aside.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true });
  };
  return (
    <div className={`sift-count-line${countSeen ? ' sift-count-line--hidden' : ''}`}>
      <span className="sift-count-line-text">{preview.data ? <MatchCount data={preview.data} /> : t`Counting…`}</span>
      <span aria-hidden="true">·</span>
      <button type="button" className="linklike" aria-controls="sift-preview" onClick={open}>
        <Trans context="noun">Preview</Trans>
      </button>
    </div>
  );
}

function minutes(seconds: number | null): string {
  return seconds === null ? '' : String(Math.round(seconds / 60));
}

/** /create/sift and /sifts/{hash}/edit: name, description, category, visibility, channels, rules, filters, preview. */
export function SiftEditor({ sift }: { sift?: Sift }) {
  const { t, i18n } = useLingui();
  const qc = useQueryClient();
  const navigate = useAppNavigate();
  const loginNeeding = useLoginNeeding();
  const categories = useSiftCategories();
  const [name, setName] = useState(sift?.name ?? '');
  const [description, setDescription] = useState(sift?.description ?? '');
  const [category, setCategory] = useState(sift?.category ?? '');
  const [isPublic, setPublic] = useState(sift?.public ?? true);
  const [channels, setChannels] = useState<Array<SiftChannelInput & { name: string; thumbnail: string }>>([]);
  const [keywords, setKeywords] = useState<SiftKeywords>(sift?.keywords ?? { all: [], any: [], none: [] });
  const [drafts, setDrafts] = useState<Record<Rule, string>>({ all: '', any: '', none: '' });
  const [filters, setFilters] = useState<SiftFilters>(sift?.filters ?? NO_FILTERS);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ids = { name: useId(), description: useId(), category: useId(), min: useId(), max: useId() };

  const siftChannels = sift ? sift.channels.map((c) => c.externalId) : channels.map((c) => c.externalId);
  const withDrafts: SiftKeywords = {
    all: [...keywords.all, ...parseKeywordInput(drafts.all)],
    any: [...keywords.any, ...parseKeywordInput(drafts.any)],
    none: [...keywords.none, ...parseKeywordInput(drafts.none)],
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setError(t`Give the sift a name.`);
    setBusy(true);
    setError(null);
    const body: SiftBody = { name: name.trim(), description: description.trim(), category: category || null, keywords: withDrafts, filters };
    try {
      if (sift) {
        const saved = await updateSift(sift.id, body);
        await invalidateSifts(qc);
        navigate(to.sift(saved.hash));
      } else {
        const full = { ...body, name: name.trim(), public: isPublic, channels };
        const result = await loginNeeding({ type: CREATE_SIFT_ACTION, payload: full }, () => createSift(full));
        if (result.status === 'done') {
          await invalidateSifts(qc);
          navigate(to.sift(result.value.hash));
        }
      }
    } catch (err) {
      setError(formErrorsFrom(err, { name: t`Name`, description: t`Description`, category: t`Category` }).message);
    } finally {
      setBusy(false);
    }
  };

  // One preview for the panel and the phone's count line: the same count in both.
  const previewBody = usePreviewBody({ channels: siftChannels, keywords: withDrafts, filters });
  const preview = useSiftPreview(previewBody);
  const countRef = useRef<HTMLParagraphElement>(null);

  const setDuration = (key: 'minDurationSeconds' | 'maxDurationSeconds', text: string) => {
    const n = Number(text);
    setFilters({ ...filters, [key]: text.trim() === '' || !Number.isFinite(n) ? null : Math.max(0, Math.round(n * 60)) });
  };

  return (
    <div className="sift-editor">
      <form className="sift-form" onSubmit={(e) => void submit(e)} noValidate>
        <FirstRunHint place="sift-editor" focusAfter={(hint) => hint.parentElement?.querySelector<HTMLElement>('input, select, textarea')}>
          <Trans>
            Pick channels, then words to keep or leave out. Words with a space between them are one phrase; a comma or Enter starts the next. The count
            shows how many videos match as you go.
          </Trans>
        </FirstRunHint>
        {error && <FormAlert>{error}</FormAlert>}
        <div className="field">
          <label htmlFor={ids.name} className="field-label">
            <Trans>Name</Trans>
          </label>
          <input id={ids.name} className="sift-input" value={name} maxLength={100} required onChange={(e) => setName(e.currentTarget.value)} />
        </div>
        <div className="field">
          <label htmlFor={ids.description} className="field-label">
            <Trans>Description</Trans>
          </label>
          <textarea id={ids.description} className="sift-input" rows={3} maxLength={2000} value={description} onChange={(e) => setDescription(e.currentTarget.value)} />
        </div>
        <div className="sift-form-row">
          <div className="field">
            <label htmlFor={ids.category} className="field-label">
              <Trans>Category</Trans>
            </label>
            <select id={ids.category} className="sift-input" value={category} onChange={(e) => setCategory(e.currentTarget.value)}>
              <option value="">{t({ message: 'None', context: 'no category' })}</option>
              {categories.data?.map((c) => (
                <option key={c.id} value={c.id}>
                  {categoryName(i18n, c.id, c.name)}
                </option>
              ))}
            </select>
          </div>
          {!sift && (
            <Toggle className="sift-check" checked={isPublic} onChange={setPublic}>
              <Trans>Public (anyone with the link can see it)</Trans>
            </Toggle>
          )}
        </div>
        <fieldset className="sift-fieldset">
          <legend>
            <Trans>Channels</Trans>
          </legend>
          {sift ? (
            <ChannelAdder sift={sift} />
          ) : (
            <>
              <ChannelChips channels={channels} onRemove={(externalId) => setChannels(channels.filter((c) => c.externalId !== externalId))} />
              <ChannelSearch exclude={new Set(channels.map((c) => c.externalId))} onAdd={(c) => setChannels([...channels, c])} />
            </>
          )}
        </fieldset>
        <fieldset className="sift-fieldset">
          <legend>
            <Trans>Keywords</Trans>
          </legend>
          {RULES.map(({ rule, label, hint }) => (
            <KeywordField
              key={rule}
              label={i18n._(label)}
              hint={i18n._(hint)}
              value={keywords[rule]}
              onChange={(next) => setKeywords({ ...keywords, [rule]: next })}
              onDraft={(draft) => setDrafts((d) => ({ ...d, [rule]: draft }))}
            />
          ))}
        </fieldset>
        <fieldset className="sift-fieldset">
          <legend>
            <Trans>Video types</Trans>
          </legend>
          <Toggle className="sift-check" checked={filters.hideShorts} onChange={(hideShorts) => setFilters({ ...filters, hideShorts })}>
            <Trans>Hide shorts</Trans>
          </Toggle>
          <Toggle className="sift-check" checked={filters.hideLive} onChange={(hideLive) => setFilters({ ...filters, hideLive })}>
            <Trans>Hide live videos</Trans>
          </Toggle>
          <div className="sift-form-row">
            <div className="field">
              <label htmlFor={ids.min} className="field-label">
                <Trans>Minimum length (minutes)</Trans>
              </label>
              <input id={ids.min} type="number" min={0} max={1440} className="sift-input" value={minutes(filters.minDurationSeconds)} onChange={(e) => setDuration('minDurationSeconds', e.currentTarget.value)} />
            </div>
            <div className="field">
              <label htmlFor={ids.max} className="field-label">
                <Trans>Maximum length (minutes)</Trans>
              </label>
              <input id={ids.max} type="number" min={0} max={1440} className="sift-input" value={minutes(filters.maxDurationSeconds)} onChange={(e) => setDuration('maxDurationSeconds', e.currentTarget.value)} />
            </div>
          </div>
        </fieldset>
        <div className="sift-form-actions">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? t`Saving…` : sift ? t`Save changes` : t`Create sift`}
          </button>
        </div>
        {previewBody && <PreviewLine preview={preview} countRef={countRef} />}
      </form>
      <Preview body={previewBody} preview={preview} countRef={countRef} />
    </div>
  );
}

export function CreateSiftPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Create a Sift`);
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title" className="page-title" tabIndex={-1}>
        <Trans>Create a Sift</Trans>
      </h1>
      <SiftEditor />
    </section>
  );
}

export function SiftEditPage({ id }: { id: string }) {
  const { t } = useLingui();
  const sift = useSift(id);
  const name = sift.data?.name;
  const title = sift.data ? t`Edit ${name}` : t`Edit sift`;
  useDocumentTitle(title);
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title" className="page-title" tabIndex={-1}>
        {sift.data ? title : sift.isError ? t`Sift not found` : t`Loading sift…`}
      </h1>
      {sift.data && (sift.data.owner.creator ? <SiftEditor key={sift.data.id} sift={sift.data} /> : <p>
            <Trans>Only the owner can edit this sift.</Trans>
          </p>)}
    </section>
  );
}
