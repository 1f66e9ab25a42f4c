import { useEffect, type ReactNode } from 'react';
import { APP_NAME } from '../lib/config';

/** Sets the document title ("Playlists · Sift"; the product name alone for the Dashboard). */
export function useDocumentTitle(title: string | null) {
  useEffect(() => {
    document.title = title ? `${title} · ${APP_NAME}` : APP_NAME;
  }, [title]);
}

export function Page({ title, children, hideTitle }: { title: string; children?: ReactNode; hideTitle?: boolean }) {
  useDocumentTitle(title);
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title" className={hideTitle ? 'sr-only' : 'page-title'} tabIndex={-1}>
        {title}
      </h1>
      {children}
    </section>
  );
}

/** A spinner where a page (or a part of one) will be, with `label` for screen readers: a lazy chunk on its way. */
export function PageLoading({ label }: { label: string }) {
  return (
    <div className="page-loading" role="status">
      <span className="spinner" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </div>
  );
}
