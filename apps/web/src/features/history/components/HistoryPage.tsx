import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { HistoryItem } from '@sift/contracts';
import { VideoCard } from '../../../components/Cards';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { FilterField } from '../../../components/FilterField';
import { Icon } from '../../../components/Icon';
import { InfiniteList, pagingOf } from '../../../components/InfiniteList';
import { useNotify } from '../../../components/Notifications';
import { Page } from '../../../components/Page';
import { Toggle } from '../../../components/Toggle';
import { isApiError } from '../../../lib/api';
import { formatDate } from '../../../lib/format';
import { useNow } from '../../../lib/hooks';
import { applyVideoMarks } from '../../../lib/video-marks';
import { clearHistory, historyKeys, removeFromHistory, saveHistorySettings, useHistory, useHistorySettings } from '../api/queries';
import { dayOf, startsDay } from '../days';
import { HiddenVideos } from './HiddenVideos';
import '../history.css';

const keyOf = (v: HistoryItem) => v.externalId;

/**
 * /history (issue 30): what the member watched, by day, newest first, with "Search history...", remove one,
 * "Clear all history", "Pause history" and the videos hidden from the feeds. Members only (the route asks a visitor to log in).
 */
export function HistoryPage() {
  const { t } = useLingui();
  const qc = useQueryClient();
  const notify = useNotify();
  const now = useNow();
  const [q, setQ] = useState('');
  const [confirming, setConfirming] = useState(false);
  const history = useHistory(q);
  const settings = useHistorySettings();
  const paused = settings.data?.paused ?? false;

  const report = (err: unknown) => {
    if (isApiError(err) && err.message) notify(err.message);
  };
  const setPaused = async (next: boolean) => {
    try {
      const saved = await saveHistorySettings({ paused: next });
      qc.setQueryData(historyKeys.settings(), saved ?? { paused: next });
      notify(next ? t`History paused` : t`History resumed`);
    } catch (err) {
      report(err);
    }
  };
  const remove = async (item: HistoryItem) => {
    try {
      await removeFromHistory(item.externalId);
      applyVideoMarks(qc, item.externalId, { watched: false, position: null });
      notify(t`Removed from history`);
    } catch (err) {
      report(err);
    } finally {
      void qc.invalidateQueries({ queryKey: historyKeys.all });
    }
  };
  const clear = async () => {
    setConfirming(false);
    try {
      await clearHistory();
      notify(t`History cleared`);
      // Every card may have carried a mark: the lists are asked again.
      void qc.invalidateQueries();
    } catch (err) {
      report(err);
    }
  };

  const dayHeading = (item: HistoryItem) => {
    const day = dayOf(item.watchedAt, new Date(now));
    return (
      <h2 className="history-day">
        {day.kind === 'today' ? <Trans>Today</Trans> : day.kind === 'yesterday' ? <Trans>Yesterday</Trans> : formatDate(day.date)}
      </h2>
    );
  };

  return (
    <Page title={t`History`}>
      <div className="history-tools">
        <FilterField label={t`Search history...`} onApply={setQ} />
        <Toggle className="hide-watched" checked={paused} disabled={settings.isPending} onChange={(on) => void setPaused(on)}>
          <Trans>Pause history</Trans>
        </Toggle>
        <button type="button" className="btn btn-secondary" onClick={() => setConfirming(true)} disabled={history.items.length === 0 && !q}>
          <Trans>Clear all history</Trans>
        </button>
      </div>
      {paused && (
        <p className="message message--info history-paused">
          <Trans>History is paused: what you watch is not recorded, and positions are not saved.</Trans>
        </p>
      )}
      <HiddenVideos />
      <InfiniteList
        label={t`History`}
        items={history.items}
        getKey={keyOf}
        renderItem={(item, position) => {
          const index = position.posinset - 1;
          const title = item.title || item.name;
          return (
            <VideoCard
              video={item}
              position={position}
              now={now}
              heading={startsDay(history.items, index) ? dayHeading(item) : undefined}
              extra={
                <button type="button" className="icon-btn history-remove" aria-label={t`Remove ${title} from history`} title={t`Remove from history`} onClick={() => void remove(item)}>
                  <Icon name="close" />
                </button>
              }
            />
          );
        }}
        {...pagingOf(history)}
      />
      {confirming && (
        <ConfirmDialog
          title={t`Clear all history?`}
          message={t`Every video you watched and every saved position will be forgotten. Playlists and Watch later stay.`}
          confirmLabel={t`Clear all history`}
          danger
          onConfirm={() => void clear()}
          onClose={() => setConfirming(false)}
        />
      )}
    </Page>
  );
}
