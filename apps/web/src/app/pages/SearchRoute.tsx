import { useSearchParams } from 'react-router';
import { ChannelSearchResults } from '../../features/channels/components/ChannelSearchResults';
import { SearchHeading } from '../../features/search';

/** /search and /search/main?st=: the query received and the channels matching it (real data). */
export default function SearchRoute() {
  const [params] = useSearchParams();
  const st = (params.get('st') ?? '').trim();
  return (
    <section className="page" aria-labelledby="page-title">
      <SearchHeading text={st} />
      <section className="section" aria-labelledby="channel-results-heading">
        <div className="section-head">
          <h2 id="channel-results-heading">{st ? 'Channels' : 'Popular channels'}</h2>
        </div>
        <ChannelSearchResults q={st} label={st ? 'Channel results' : 'Popular channels'} />
      </section>
    </section>
  );
}
