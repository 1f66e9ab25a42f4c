import { Trans, useLingui } from '@lingui/react/macro';
import { useDocumentTitle } from '../../../components/Page';

/** The search page's heading: the query it received (st), or a prompt when there is none. */
export function SearchHeading({ text }: { text: string }) {
  const { t } = useLingui();
  useDocumentTitle(text ? t`Search: ${text}` : t`Search`);
  return (
    <h1 id="page-title" className="page-title" tabIndex={-1}>
      {text ? (
        <Trans>
          Search results for <q className="search-q">{text}</q>
        </Trans>
      ) : (
        t`Search`
      )}
    </h1>
  );
}
