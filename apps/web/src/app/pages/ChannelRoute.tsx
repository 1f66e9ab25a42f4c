import { useParams } from 'react-router';
import { ChannelPage } from '../../features/channels/components/ChannelPage';

export default function ChannelRoute() {
  const { externalId = '' } = useParams();
  return <ChannelPage key={externalId} externalId={externalId} />;
}
