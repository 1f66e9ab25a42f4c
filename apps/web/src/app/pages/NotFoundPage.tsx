import { Trans, useLingui } from '@lingui/react/macro';
import { AppLink } from '../../components/AppLink';
import { Page } from '../../components/Page';
import { to } from '../../lib/paths';

export default function NotFoundPage() {
  const { t } = useLingui();
  return (
    <Page title={t`Page not found`}>
      <p>
        <Trans>We couldn’t find the page you were looking for. It may have moved, or the link may be wrong.</Trans>
      </p>
      <p>
        <AppLink to={to.home()} className="btn btn-primary">
          <Trans>Go to the Dashboard</Trans>
        </AppLink>
      </p>
    </Page>
  );
}
