import { useParams } from 'react-router';
import { ChannelPage } from '../../features/channels/components/ChannelPage';
import { useChannelSifts } from '../../features/sifts/api/discovery';
import { hasSettled } from '../../lib/query-state';
import { ChannelSifts } from '../../features/sifts/components/ChannelSifts';

/** /channel/{externalId}: the channels feature's page, with the public sifts the channel is in (issue 31). */
export default function ChannelRoute() {
  const { externalId = '' } = useParams();
  return <ChannelRouteFor key={externalId} externalId={externalId} />;
}

function ChannelRouteFor({ externalId }: { externalId: string }) {
  const sifts = useChannelSifts(externalId);
  // Ready once answered, failed or waiting for the network: the videos are what the page is for.
  return <ChannelPage externalId={externalId} related={{ ready: hasSettled(sifts), node: <ChannelSifts query={sifts} /> }} />;
}
