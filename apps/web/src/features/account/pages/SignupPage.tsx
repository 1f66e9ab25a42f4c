import { Trans, useLingui } from '@lingui/react/macro';
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

/** /signup: e-mail, names, password and the ALTCHA check; the account waits for its e-mail confirmation. */
export function SignupPage() {
  const { t } = useLingui();
  const LABELS = { email: t`E-mail`, firstName: t`First name`, lastName: t`Last name`, password: t`Password`, captcha: t`Anti-spam check` };
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
    email: !values.email.trim()
      ? t`Enter your e-mail address.`
      : !isEmail(values.email)
        ? t`Enter a valid e-mail address, like name@example.com.`
        : null,
    firstName: values.firstName.trim() ? null : t`Enter your first name.`,
    lastName: values.lastName.trim() ? null : t`Enter your last name.`,
    password: !values.password ? t`Choose a password.` : values.password.length < PASSWORD_MIN_LENGTH ? t`Use at least ${PASSWORD_MIN_LENGTH} characters.` : null,
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
    const email = session.user?.email;
    return (
      <AuthLayout
        title={t`You already have an account`}
        lead={
          <p>
            <Trans>You are logged in as {email}.</Trans>
          </p>
        }
      >
        <AppLink to={to.home()} className="btn btn-primary btn-block">
          <Trans>Go to the videos</Trans>
        </AppLink>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title={t`Create your account`}
      lead={
        <p>
          <Trans>Follow the channels you love, build playlists and share your own Sifts. It is free.</Trans>
        </p>
      }
      footer={
        <p>
          <Trans>
            Already have an account? <AppLink to={to.login(redirect ?? undefined)}>Log in</AppLink>
          </Trans>
        </p>
      }
    >
      <GoogleButton redirect={redirect} label={t`Sign up with Google`} />
      <form ref={formRef} className="form" noValidate onSubmit={onSubmit} aria-label={t`Sign up`}>
        {server.message && (
          <FormAlert>
            <p>{taken ? <Trans>There is already an account with this e-mail address.</Trans> : server.message}</p>
            {taken && (
              <p>
                <Trans>
                  <AppLink to={to.login()}>Log in</AppLink> or <AppLink to={paths.forgotPassword}>reset your password</AppLink>.
                </Trans>
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
          hint={t`At least ${PASSWORD_MIN_LENGTH} characters. Common passwords are refused.`}
          required
        />
        <Captcha ref={captchaRef} error={server.fields.captcha ?? null} />
        <p className="form-aside muted">
          <Trans>
            By creating an account you agree to our <AppLink to={paths.terms}>Terms of Use</AppLink> and{' '}
            <AppLink to={paths.privacy}>Privacy Policy</AppLink>.
          </Trans>
        </p>
        <SubmitButton busy={busy} busyLabel={t`Creating your account…`}>
          <Trans>Create account</Trans>
        </SubmitButton>
      </form>
    </AuthLayout>
  );
}
