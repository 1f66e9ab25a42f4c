import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { AppLink } from '../../../components/AppLink';
import { FormAlert, SubmitButton, TextField } from '../../../components/Form';
import { useCaptchaForm } from '../../../components/use-captcha-form';
import { track } from '../../../lib/analytics';
import { isApiError } from '../../../lib/api';
import { paths, to } from '../../../lib/paths';
import { signup } from '../api/endpoints';
import { useSession } from '../api/session';
import { AuthLayout } from '../components/AuthLayout';
import { Captcha } from '../../../components/Captcha';
import { GoogleButton } from '../components/GoogleButton';
import { safeRedirect } from '../login-flow';
import { PASSWORD_MIN_LENGTH, isEmail } from '../rules';

const LABELS = { email: 'E-mail', firstName: 'First name', lastName: 'Last name', password: 'Password', captcha: 'Anti-spam check' };

/** /signup: e-mail, names, password and the ALTCHA check; the account waits for its e-mail confirmation. */
export function SignupPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const session = useSession();
  const redirect = safeRedirect(params.get('redirect'));
  const { formRef, captchaRef, busy, server, submit, errorsOf } = useCaptchaForm(LABELS);
  const [values, setValues] = useState({ email: '', firstName: '', lastName: '', password: '' });
  const set = (k: keyof typeof values) => (v: string) => setValues((s) => ({ ...s, [k]: v }));

  // The e-mail pattern blocks submit (SPEC §5). The password length is checked here too, with the hint shown
  // up front, since the server would refuse a shorter one anyway (it also refuses common passwords).
  const local = {
    email: !values.email.trim() ? 'Enter your e-mail address.' : !isEmail(values.email) ? 'Enter a valid e-mail address, like name@example.com.' : null,
    firstName: values.firstName.trim() ? null : 'Enter your first name.',
    lastName: values.lastName.trim() ? null : 'Enter your last name.',
    password: !values.password
      ? 'Choose a password.'
      : values.password.length < PASSWORD_MIN_LENGTH
        ? `Use at least ${PASSWORD_MIN_LENGTH} characters.`
        : null,
  };
  const errorOf = errorsOf(local);
  const taken = isApiError(server.failure) && server.failure.status === 409;

  const onSubmit = (e: FormEvent) =>
    submit(e, local, async (captcha) => {
      const res = await signup({ ...values, captcha });
      track('eca_sign_up', { method: 'email' });
      navigate(to.emailSent(res?.email ?? values.email.trim()));
    });

  if (session.isLoggedIn) {
    return (
      <AuthLayout title="You already have an account" lead={<p>You are logged in as {session.user?.email}.</p>}>
        <AppLink to={to.home()} className="btn btn-primary btn-block">
          Go to the videos
        </AppLink>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Create your account"
      lead={<p>Follow the channels you love, build playlists and share your own Sifts. It is free.</p>}
      footer={
        <p>
          Already have an account? <AppLink to={to.login(redirect ?? undefined)}>Log in</AppLink>
        </p>
      }
    >
      <GoogleButton redirect={redirect} label="Sign up with Google" />
      <form ref={formRef} className="form" noValidate onSubmit={onSubmit} aria-label="Sign up">
        {server.message && (
          <FormAlert>
            <p>{taken ? 'There is already an account with this e-mail address.' : server.message}</p>
            {taken && (
              <p>
                <AppLink to={to.login()}>Log in</AppLink> or <AppLink to={paths.forgotPassword}>reset your password</AppLink>.
              </p>
            )}
          </FormAlert>
        )}
        <TextField label={LABELS.email} name="email" type="email" autoComplete="email" value={values.email} onChange={set('email')} error={errorOf('email')} required />
        <div className="field-row">
          <TextField label={LABELS.firstName} name="firstName" autoComplete="given-name" value={values.firstName} onChange={set('firstName')} error={errorOf('firstName')} required maxLength={100} />
          <TextField label={LABELS.lastName} name="lastName" autoComplete="family-name" value={values.lastName} onChange={set('lastName')} error={errorOf('lastName')} required maxLength={100} />
        </div>
        <TextField
          label={LABELS.password}
          name="password"
          type="password"
          autoComplete="new-password"
          value={values.password}
          onChange={set('password')}
          error={errorOf('password')}
          hint={`At least ${PASSWORD_MIN_LENGTH} characters. Common passwords are refused.`}
          required
        />
        <Captcha ref={captchaRef} error={server.fields.captcha ?? null} />
        <p className="form-aside muted">
          By creating an account you agree to our <AppLink to={paths.terms}>Terms of Use</AppLink> and{' '}
          <AppLink to={paths.privacy}>Privacy Policy</AppLink>.
        </p>
        <SubmitButton busy={busy} busyLabel="Creating your account…">
          Create account
        </SubmitButton>
      </form>
    </AuthLayout>
  );
}
