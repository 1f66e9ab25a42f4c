import { to } from '../../lib/paths';
import { AppLink } from '../../components/AppLink';
import { Page } from '../../components/Page';

/** Routes that a later issue fills: titled for the route, with a way back to the videos. */
export default function PlaceholderPage({ title }: { title: string }) {
  return (
    <Page title={title}>
      <p className="muted">This page is coming soon.</p>
      <p>
        <AppLink to={to.home()} className="btn btn-secondary">
          Browse the latest videos
        </AppLink>
      </p>
    </Page>
  );
}
