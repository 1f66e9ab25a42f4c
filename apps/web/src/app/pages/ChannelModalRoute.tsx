import ChannelModal from '../../features/channels/components/ChannelModal';
import ChannelModalSifts from '../../features/sifts/components/ChannelSifts';

/**
 * The channel modal of `/ec/channel` (one lazy chunk, loaded by the Dashboard when it opens): the channels feature's
 * modal with the public sifts the channel is in under its card (issue 31).
 */
export default function ChannelModalRoute({ externalId, onClose }: { externalId: string | null; onClose: () => void }) {
  return <ChannelModal externalId={externalId} onClose={onClose} renderRelated={(id) => <ChannelModalSifts externalId={id} />} />;
}
