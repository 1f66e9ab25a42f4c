import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../components/Page';
import { globalError } from '../../../lib/api';
import { paths, to } from '../../../lib/paths';
import { exchangeOAuthCode, requestOAuth } from '../api/endpoints';
import { useSession } from '../api/session';
import { isKnownProvider, oauthStorage, safeRedirect, useCompleteLogin } from '../login-flow';

function SigningIn() {
  const { t } = useLingui();
  useDocumentTitle(t`Signing in`);
  return (
    <div className="bare-status" role="status">
      <span className="spinner" aria-hidden="true" />
      <p>
        <Trans>Signing you in…</Trans>
      </p>
    </div>
  );
}

/**
 * /oauth2/{provider} and /oauth2/{provider}/callback (SPEC §2, §8), run by the navigation guard with no page of
 * their own. Start: GET /api/oauth2/request/{provider} → keep the state (X-Auth-Token) in sessionStorage → off to
 * the provider. Callback: the state must be the one kept, then GET /api/login/oauth2/code/{provider} logs in.
 * Unknown provider or already logged in → Dashboard; any failure → a warning in the console and the Dashboard.
 */
export function OAuthHandler({ callback }: { callback: boolean }) {
  const { provider } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const session = useSession();
  const completeLogin = useCompleteLogin();
  const ran = useRef(false);
  const loggedIn = session.isLoggedIn;

  useEffect(() => {
    if (ran.current) return;
    ran.current = true;
    const home = () => navigate(to.home(), { replace: true });
    const fail = (why: unknown) => {
      console.warn(`Sign-in with ${provider ?? 'an identity provider'} failed.`, why);
      // SPEC §8: a warning and the Dashboard, not an error banner.
      globalError.set(null);
      home();
    };
    if (!isKnownProvider(provider) || loggedIn) {
      home();
      return;
    }
    const name = provider.toLowerCase();
    if (!callback) {
      requestOAuth(name)
        .then(({ location, state }) => {
          if (state) oauthStorage.saveState(state);
          window.location.assign(location);
        })
        .catch(fail);
      return;
    }
    const saved = oauthStorage.take();
    const code = params.get('code');
    const state = params.get('state');
    const error = params.get('error');
    if (error || !code || !state) {
      fail(error ?? new Error('The provider sent no code.'));
      return;
    }
    // The state must be the one this browser left with: a callback this browser did not start (login CSRF, or a
    // stale link) is not finished here.
    if (saved.state !== state) {
      fail(new Error('The sign-in state does not match.'));
      return;
    }
    exchangeOAuthCode(name, code, state, params.get('iss'))
      .then((result) => completeLogin(result, safeRedirect(saved.redirect)))
      .catch(fail);
  }, [callback, provider, params, navigate, loggedIn, completeLogin]);

  return <SigningIn />;
}

/**
 * /social-redirect (no header or footer): where a social sign-in lands when it is done elsewhere. Logged in → on
 * to where the sign-in started (or the Dashboard); otherwise → /login.
 */
export function SocialRedirectPage() {
  const session = useSession();
  const navigate = useNavigate();
  useEffect(() => {
    if (session.isLoggedIn) navigate(safeRedirect(oauthStorage.take().redirect) ?? to.home(), { replace: true });
    else if (!session.token) navigate(paths.login, { replace: true });
  }, [session.isLoggedIn, session.token, navigate]);
  return <SigningIn />;
}
