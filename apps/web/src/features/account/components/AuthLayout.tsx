import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../../components/Page';

/** The sign-in screens' frame: one centred card with the page's heading, readable at 375 px and up. */
export function AuthLayout({
  title,
  lead,
  children,
  footer,
  wide,
}: {
  title: string;
  lead?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
}) {
  useDocumentTitle(title);
  return (
    <section className={`auth${wide ? ' auth--wide' : ''}`} aria-labelledby="page-title">
      <div className="auth-card">
        <h1 id="page-title" className="auth-title" tabIndex={-1}>
          {title}
        </h1>
        {lead && <div className="auth-lead">{lead}</div>}
        {children}
      </div>
      {footer && <div className="auth-foot">{footer}</div>}
    </section>
  );
}

/** An e-mail address from a route parameter, shown as text (never trusted as markup). */
export function Email({ value }: { value: string | undefined }) {
  return value ? <strong className="email">{value}</strong> : <Trans>your e-mail address</Trans>;
}
