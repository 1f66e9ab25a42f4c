import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { AppLink } from '../../../components/AppLink';
import { FormAlert, SubmitButton, TextField, focusFirstInvalid, formErrorsFrom } from '../../../components/Form';
import { globalError, isApiError } from '../../../lib/api';
import { paths, to } from '../../../lib/paths';
import { preferences } from '../../../lib/storage';
import { login } from '../api/endpoints';
import { clearLocalSession } from '../api/session';
import { useCompleteLogin } from '../login-flow';
import { isEmail } from '../rules';
import { GoogleButton } from './GoogleButton';

interface Problem {
  message: string;
  /** UNCONFIRMED: offer a new confirmation link for this address. */
  resendFor?: string;
}

/** The login form (SPEC §2 /login and the login modal): e-mail and password, then SPEC §4 Login. */
export function LoginForm({
  redirect,
  initialEmail = '',
  autoFocus,
}: {
  redirect: string | null;
  initialEmail?: string;
  autoFocus?: boolean;
}) {
  const qc = useQueryClient();
  const completeLogin = useCompleteLogin();
  const formRef = useRef<HTMLFormElement>(null);
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);

  const emailError = !email.trim() ? 'Enter your e-mail address.' : !isEmail(email) ? 'Enter a valid e-mail address, like name@example.com.' : null;
  const passwordError = !password ? 'Enter your password.' : null;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    if (emailError || passwordError) {
      focusFirstInvalid(formRef.current);
      return;
    }
    setBusy(true);
    setProblem(null);
    // A new login replaces whatever session this browser still remembers.
    if (preferences.get('token')) clearLocalSession(qc);
    try {
      const result = await login(email, password);
      await completeLogin(result, redirect);
    } catch (err) {
      setProblem(loginProblem(err, email.trim()));
      setBusy(false);
    }
  }

  return (
    <>
      <GoogleButton redirect={redirect} />
      <form ref={formRef} className="form" noValidate onSubmit={onSubmit} aria-label="Log in">
        {problem && (
          <FormAlert>
            <p>{problem.message}</p>
            {problem.resendFor !== undefined && (
              <p>
                <AppLink to={to.resendActivation(problem.resendFor)}>Send me a new confirmation link</AppLink>
              </p>
            )}
          </FormAlert>
        )}
        <TextField
          label="E-mail"
          name="username"
          type="email"
          autoComplete="username"
          value={email}
          onChange={setEmail}
          error={touched ? emailError : null}
          required
          autoFocus={autoFocus}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
          error={touched ? passwordError : null}
          required
        />
        <p className="form-aside">
          <AppLink to={paths.forgotPassword}>Forgot your password?</AppLink>
        </p>
        <SubmitButton busy={busy} busyLabel="Logging in…">
          Log in
        </SubmitButton>
      </form>
    </>
  );
}

function loginProblem(err: unknown, email: string): Problem {
  // The form shows the failure; the global banner would say it twice.
  globalError.set(null);
  if (isApiError(err)) {
    if (err.status === 401) return { message: 'That e-mail and password do not match an account. Check them and try again.' };
    if (err.status === 403 && err.code === 'UNCONFIRMED') {
      return {
        message: err.message || 'Please confirm your e-mail address first: open the link we sent you.',
        resendFor: email,
      };
    }
  }
  return { message: formErrorsFrom(err).message ?? '' };
}
