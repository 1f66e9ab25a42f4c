import { useDocumentTitle } from '../../../components/Page';

/** The search page's heading: the query it received (st), or a prompt when there is none. */
export function SearchHeading({ text }: { text: string }) {
  useDocumentTitle(text ? `Search: ${text}` : 'Search');
  return (
    <h1 id="page-title" className="page-title" tabIndex={-1}>
      {text ? (
        <>
          Search results for <q className="search-q">{text}</q>
        </>
      ) : (
        'Search'
      )}
    </h1>
  );
}
