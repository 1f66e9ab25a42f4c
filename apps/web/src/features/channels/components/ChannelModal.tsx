import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { ChannelCard } from '../../../components/Cards';
import { Modal } from '../../../components/Modal';
import { isApiError } from '../../../lib/api';
import { useChannel, useChannelSearch } from '../api/queries';

/** How many channels the modal offers when no channel is named. */
const SUGGESTED = 10;

/**
 * The channel modal of `/ec/channel` (SPEC §2 showModal "channel"), over the Dashboard: `?channel={externalId}` shows
 * that channel's card (its page, counts, Follow and its menu: Add to Sift, Share channel); without one, the
 * most-followed channels, each with Follow. Built from the channel card the lists use.
 */
export default function ChannelModal({
  externalId,
  onClose,
  renderRelated,
}: {
  externalId: string | null;
  onClose: () => void;
  /** What other features show under the channel's card (the public sifts it is in, issue 31). */
  renderRelated?: (externalId: string) => ReactNode;
}) {
  const { t } = useLingui();
  const channel = useChannel(externalId ?? '');
  const title = externalId ? (channel.data?.name ?? t`Channel`) : t`Channels`;
  return (
    <Modal title={title} onClose={onClose}>
      {externalId ? <OneChannel externalId={externalId} channel={channel} related={renderRelated?.(externalId)} /> : <SuggestedChannels />}
    </Modal>
  );
}

function OneChannel({ externalId, channel, related }: { externalId: string; channel: ReturnType<typeof useChannel>; related: ReactNode }) {
  if (channel.data) {
    return (
      <>
        <ChannelCard channel={channel.data} />
        {related}
      </>
    );
  }
  if (channel.isError) {
    return (
      <p>
        {isApiError(channel.error) && channel.error.status === 404 ? (
          <Trans>There is no channel with the id “{externalId}”.</Trans>
        ) : (
          <Trans>Error returning results.</Trans>
        )}
      </p>
    );
  }
  return (
    <p role="status">
      <Trans>Loading channel…</Trans>
    </p>
  );
}

function SuggestedChannels() {
  const channels = useChannelSearch('', { limit: SUGGESTED });
  if (channels.isError) {
    return (
      <p>
        <Trans>Error returning results.</Trans>
      </p>
    );
  }
  if (!channels.data) {
    return (
      <p role="status">
        <Trans>Loading…</Trans>
      </p>
    );
  }
  return (
    <div className="channel-modal-list">
      {channels.data.items.map((c) => (
        <ChannelCard key={c.externalId} channel={c} />
      ))}
    </div>
  );
}
