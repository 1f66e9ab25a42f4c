import { useLocation, useSearchParams } from 'react-router';
import { AppLink } from '../../../components/AppLink';
import { FormAlert } from '../../../components/Form';
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
  const [params] = useSearchParams();
  const location = useLocation();
  const session = useSession();
  const redirect = safeRedirect(params.get('redirect'));
  const state = (location.state ?? {}) as AuthNotice;
  const pending = pendingActions.peek();
  const signupLink = redirect ? `${paths.signup}?redirect=${encodeURIComponent(redirect)}` : paths.signup;

  if (session.isLoggedIn) {
    return (
      <AuthLayout title="You are logged in" lead={<p>You are logged in as {session.user?.email}.</p>}>
        <AppLink to={redirect ?? to.home()} className="btn btn-primary btn-block">
          Continue
        </AppLink>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Log in"
      lead={<p>Welcome back! Log in to follow channels, build playlists and create Sifts.</p>}
      footer={
        <p>
          New here? <AppLink to={signupLink}>Create an account</AppLink>
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
          <p>{pending ? 'Log in to finish what you started.' : 'Please log in to see this page.'}</p>
        </FormAlert>
      )}
      <LoginForm redirect={redirect} initialEmail={state.email ?? ''} />
    </AuthLayout>
  );
}
