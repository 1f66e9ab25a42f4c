import { Trans, useLingui } from '@lingui/react/macro';
import { useLocation, useSearchParams } from 'react-router';
import { AppLink } from '../../../components/AppLink';
import { FormAlert } from '../../../components/Form';
import { usePreference } from '../../../lib/hooks';
import { paths, to } from '../../../lib/paths';
import { pendingActions } from '../../../lib/pending-action';
import { useSession } from '../api/session';
import { AuthLayout } from '../components/AuthLayout';
import { LoginForm } from '../components/LoginForm';
import { safeRedirect } from '../login-flow';

export interface AuthNotice {
  /** A message another page hands over ("Your password has been changed…"). */
  notice?: string;
  email?: string;
}

/** /login?redirect=<path>: log in and go back where the user was heading. */
export function LoginPage() {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const location = useLocation();
  const session = useSession();
  const redirect = safeRedirect(params.get('redirect'));
  const state = (location.state ?? {}) as AuthNotice;
  // Drawn again when an action is saved: a 401 may end the session (and the guard send the person here) a moment
  // before the action that met it is saved, and nothing else re-renders this page then.
  usePreference('action');
  const pending = pendingActions.peek();
  const signupPath = redirect ? `${paths.signup}?redirect=${encodeURIComponent(redirect)}` : paths.signup;

  if (session.isLoggedIn) {
    const email = session.user?.email;
    return (
      <AuthLayout
        title={t`You are logged in`}
        lead={
          <p>
            <Trans>You are logged in as {email}.</Trans>
          </p>
        }
      >
        <AppLink to={redirect ?? to.home()} className="btn btn-primary btn-block">
          <Trans>Continue</Trans>
        </AppLink>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title={t`Log in`}
      lead={
        <p>
          <Trans>Welcome back! Log in to follow channels, build playlists and create Sifts.</Trans>
        </p>
      }
      footer={
        <p>
          <Trans>
            New here? <AppLink to={signupPath}>Create an account</AppLink>
          </Trans>
        </p>
      }
    >
      {state.notice && (
        <FormAlert kind="success">
          <p>{state.notice}</p>
        </FormAlert>
      )}
      {!state.notice && (pending || redirect) && (
        <FormAlert kind="info">
          <p>{pending ? <Trans>Log in to finish what you started.</Trans> : <Trans>Please log in to see this page.</Trans>}</p>
        </FormAlert>
      )}
      <LoginForm redirect={redirect} initialEmail={state.email ?? ''} />
    </AuthLayout>
  );
}
