import { AppLink } from '../../components/AppLink';
import { Page } from '../../components/Page';
import { to } from '../../lib/paths';

export default function NotFoundPage() {
  return (
    <Page title="Page not found">
      <p>We couldn’t find the page you were looking for. It may have moved, or the link may be wrong.</p>
      <p>
        <AppLink to={to.home()} className="btn btn-primary">
          Go to the Dashboard
        </AppLink>
      </p>
    </Page>
  );
}
