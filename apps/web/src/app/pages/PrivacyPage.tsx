import { Page } from '../../components/Page';
import { APP_NAME } from '../../lib/config';

/** /privacy (alias /cookiepolicy). */
export default function PrivacyPage() {
  return (
    <Page title="Privacy Policy">
      <div className="prose">
        <h2>Cookies and local storage</h2>
        <p>{APP_NAME} keeps only what it needs to work:</p>
        <ul>
          <li>
            <strong>sift_cookie_consent</strong> — remembers that you accepted this notice (365 days).
          </li>
          <li>
            <strong>sift_msg_…</strong> — remembers site messages you dismissed (30 days, or until you close the
            browser).
          </li>
          <li>
            Preferences such as list or grid view, volume and your sign-in token are kept in your browser’s local
            storage under keys starting with <code>sift.</code>; clearing site data removes them.
          </li>
        </ul>
        <h2>Videos</h2>
        <p>Videos you play may be served by the video service they come from, under its own privacy policy.</p>
      </div>
    </Page>
  );
}
