import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
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
import { Captcha, type CaptchaHandle } from '../../../components/Captcha';
import { CAPTCHA_MISSING_MESSAGE } from '../../../components/use-captcha-form';
import { GoogleButton } from './GoogleButton';

interface Problem {
  message: string;
  /** UNCONFIRMED: offer a new confirmation link for this address. */
  resendFor?: string;
}

const CAPTCHA_REQUIRED_MESSAGE = msg`Too many wrong passwords for this account: confirm you are a person to continue.`;
const CAPTCHA_FAILED_MESSAGE = msg`The anti-spam check did not pass. Please let it run again, then log in.`;

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
  const { t } = useLingui();
  const qc = useQueryClient();
  const completeLogin = useCompleteLogin();
  const formRef = useRef<HTMLFormElement>(null);
  const captchaRef = useRef<CaptchaHandle>(null);
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  // After too many wrong passwords on the account the server wants a solved captcha with every login (401
  // CAPTCHA_REQUIRED); once asked, the check stays on this form.
  const [captchaNeeded, setCaptchaNeeded] = useState(false);
  const [captchaError, setCaptchaError] = useState<string | null>(null);

  const emailError = !email.trim()
    ? t`Enter your e-mail address.`
    : !isEmail(email)
      ? t`Enter a valid e-mail address, like name@example.com.`
      : null;
  const passwordError = !password ? t`Enter your password.` : null;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    if (emailError || passwordError) {
      focusFirstInvalid(formRef.current);
      return;
    }
    setBusy(true);
    setProblem(null);
    setCaptchaError(null);
    let captcha: string | undefined;
    if (captchaNeeded) {
      captcha = (await captchaRef.current?.getPayload()) ?? undefined;
      if (!captcha) {
        setCaptchaError(i18n._(CAPTCHA_MISSING_MESSAGE));
        setBusy(false);
        return;
      }
    }
    // A new login replaces whatever session this browser still remembers.
    if (preferences.get('token')) clearLocalSession(qc);
    try {
      const result = await login(email, password, captcha);
      await completeLogin(result, redirect);
    } catch (err) {
      // A captcha solution is good for one try.
      if (captcha) captchaRef.current?.reset();
      if (isApiError(err) && err.code === 'CAPTCHA_REQUIRED') {
        globalError.set(null);
        setCaptchaNeeded(true);
        if (captcha) setCaptchaError(i18n._(CAPTCHA_FAILED_MESSAGE));
        setProblem({ message: i18n._(CAPTCHA_REQUIRED_MESSAGE) });
      } else {
        setProblem(loginProblem(err, email.trim()));
      }
      setBusy(false);
    }
  }

  return (
    <>
      <GoogleButton redirect={redirect} />
      <form ref={formRef} className="form" noValidate onSubmit={onSubmit} aria-label={t`Log in`}>
        {problem && (
          <FormAlert>
            <p>{problem.message}</p>
            {problem.resendFor !== undefined && (
              <p>
                <AppLink to={to.resendActivation(problem.resendFor)}>
                  <Trans>Send me a new confirmation link</Trans>
                </AppLink>
              </p>
            )}
          </FormAlert>
        )}
        <TextField
          label={t`E-mail`}
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
          label={t`Password`}
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
          error={touched ? passwordError : null}
          required
        />
        {captchaNeeded && <Captcha ref={captchaRef} error={captchaError} />}
        <p className="form-aside">
          <AppLink to={paths.forgotPassword}>
            <Trans>Forgot your password?</Trans>
          </AppLink>
        </p>
        <SubmitButton busy={busy} busyLabel={t`Logging in…`}>
          <Trans>Log in</Trans>
        </SubmitButton>
      </form>
    </>
  );
}

function loginProblem(err: unknown, email: string): Problem {
  // The form shows the failure; the global banner would say it twice.
  globalError.set(null);
  if (isApiError(err)) {
    if (err.status === 401) return { message: i18n._(msg`That e-mail and password do not match an account. Check them and try again.`) };
    if (err.status === 403 && err.code === 'UNCONFIRMED') {
      return {
        message: err.message || i18n._(msg`Please confirm your e-mail address first: open the link we sent you.`),
        resendFor: email,
      };
    }
  }
  return { message: formErrorsFrom(err).message ?? '' };
}
