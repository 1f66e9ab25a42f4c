import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { to } from '../../lib/paths';
import { AppLink } from '../../components/AppLink';
import { Page } from '../../components/Page';

/** Routes that a later issue fills: titled for the route, with a way back to the videos. */
export default function PlaceholderPage({ title }: { title: MessageDescriptor }) {
  const { i18n } = useLingui();
  return (
    <Page title={i18n._(title)}>
      <p className="muted">
        <Trans>This page is coming soon.</Trans>
      </p>
      <p>
        <AppLink to={to.home()} className="btn btn-secondary">
          <Trans>Browse the latest videos</Trans>
        </AppLink>
      </p>
    </Page>
  );
}
