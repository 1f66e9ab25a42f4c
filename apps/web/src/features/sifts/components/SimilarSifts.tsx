import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import type { SimilarSifts as SimilarSiftsList } from '@sift/contracts';
import { formatNumber } from '../../../lib/format';
import { SiftRow } from './SiftCards';

/** How many similar sifts a sift page shows at first, and at most after "Show more". */
export const SIMILAR_FIRST = 4;
export const SIMILAR_MORE = 24;

/**
 * "Similar sifts" (issue 31): public sifts sharing channels with this one, the most shared first, each saying how
 * many channels it has in common. Nothing shows when there are none. `onMore` asks for up to SIMILAR_MORE.
 */
export function SimilarSifts({ similar, onMore, loadingMore }: { similar: SimilarSiftsList | undefined; onMore: () => void; loadingMore: boolean }) {
  const { t } = useLingui();
  const id = useId();
  if (!similar || similar.items.length === 0) return null;
  const full = similar.items.length === similar.limit && similar.limit < SIMILAR_MORE;
  return (
    <section className="section similar-sifts" aria-labelledby={id}>
      <div className="section-head">
        <h2 id={id}>
          <Trans>Similar sifts</Trans>
        </h2>
      </div>
      <SiftRow
        sifts={similar.items}
        label={t`Sifts sharing channels with this one`}
        more={(s) => {
          const n = formatNumber(s.sharedChannels);
          return t`${plural(s.sharedChannels, { one: `${n} channel in common`, other: `${n} channels in common` })}`;
        }}
      />
      {full && (
        <div className="channel-sifts-more">
          <button type="button" className="btn btn-secondary" onClick={onMore} disabled={loadingMore}>
            <Trans>Show more sifts</Trans>
          </button>
        </div>
      )}
    </section>
  );
}
