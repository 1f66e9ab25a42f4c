import type { Channel } from '@sift/contracts';
import { ChannelCard } from '../../../components/Cards';
import { InfiniteList } from '../../../components/InfiniteList';
import { useChannelSearch } from '../api/queries';

const keyOf = (c: Channel) => c.externalId;

/** Channels matching `q` (or the most-followed when q is empty), as one list. */
export function ChannelSearchResults({ q, label }: { q: string; label: string }) {
  const result = useChannelSearch(q);
  return (
    <InfiniteList
      label={label}
      items={result.data?.items ?? []}
      getKey={keyOf}
      renderItem={(channel, position) => <ChannelCard channel={channel} position={position} />}
      loading={result.isPending}
      error={result.isError}
      hasMore={false}
      loadingMore={false}
      onLoadMore={() => {}}
      onRetry={() => void result.refetch()}
    />
  );
}
