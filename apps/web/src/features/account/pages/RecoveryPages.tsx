import { useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { AppLink } from '../../../components/AppLink';
import { FormAlert, NO_ERRORS, SubmitButton, TextField, focusFirstInvalid, formErrorsFrom, type FormErrors } from '../../../components/Form';
import { isApiError } from '../../../lib/api';
import { paths, to } from '../../../lib/paths';
import { changePasswordWithToken, requestPasswordReset, resendConfirmation } from '../api/endpoints';
import { AuthLayout } from '../components/AuthLayout';
import { PASSWORD_MIN_LENGTH, isEmail } from '../rules';
import type { AuthNotice } from './LoginPage';

const emailProblem = (value: string) =>
  !value.trim() ? 'Enter your e-mail address.' : !isEmail(value) ? 'Enter a valid e-mail address, like name@example.com.' : null;

/**
 * One e-mail field and a button: used by "forgot password" and "resend the confirmation link". A 202 goes to
 * /check-email/{email}, an unknown address (404 EMAIL_NOT_FOUND) to /email-not-found/{email}.
 */
function EmailRequestForm({
  initialEmail,
  submitLabel,
  busyLabel,
  send,
}: {
  initialEmail: string;
  submitLabel: string;
  busyLabel: string;
  send: (email: string) => Promise<unknown>;
}) {
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const [email, setEmail] = useState(initialEmail);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [server, setServer] = useState<FormErrors>(NO_ERRORS);
  const local = emailProblem(email);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    if (local) {
      focusFirstInvalid(formRef.current);
      return;
    }
    setBusy(true);
    setServer(NO_ERRORS);
    const address = email.trim();
    try {
      await send(address);
      navigate(to.checkEmail(address));
    } catch (err) {
      if (isApiError(err) && err.status === 404) {
        navigate(to.emailNotFound(address));
        return;
      }
      setServer(formErrorsFrom(err, { email: 'E-mail' }));
      setBusy(false);
    }
  }

  return (
    <form ref={formRef} className="form" noValidate onSubmit={onSubmit}>
      {server.message && (
        <FormAlert>
          <p>{server.message}</p>
        </FormAlert>
      )}
      <TextField
        label="E-mail"
        name="email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={setEmail}
        error={(touched ? local : null) ?? server.fields.email ?? null}
        required
      />
      <SubmitButton busy={busy} busyLabel={busyLabel}>
        {submitLabel}
      </SubmitButton>
    </form>
  );
}

/** /forgot-password: mails a link to /passwordReset?token=… */
export function ForgotPasswordPage() {
  return (
    <AuthLayout
      title="Forgot your password?"
      lead={<p>Enter the e-mail address of your account and we will send you a link to choose a new password.</p>}
      footer={
        <p>
          Remembered it? <AppLink to={paths.login}>Log in</AppLink>
        </p>
      }
    >
      <EmailRequestForm
        initialEmail=""
        submitLabel="Send me a reset link"
        busyLabel="Sending…"
        send={(email) => requestPasswordReset(email, `${window.location.origin}${paths.passwordReset}`)}
      />
    </AuthLayout>
  );
}

/** /confirmation-expired and /resend-activation/{email?}: a new confirmation link. */
export function ResendActivationPage() {
  const { email = '' } = useParams();
  const { pathname } = useLocation();
  const expired = pathname === paths.confirmationExpired;
  return (
    <AuthLayout
      title={expired ? 'This confirmation link has expired' : 'Get a new confirmation link'}
      lead={
        <p>
          {expired
            ? 'Confirmation links are valid for a limited time. Enter your e-mail address and we will send you a new one.'
            : 'We will send a new confirmation link to this address.'}
        </p>
      }
      footer={
        <p>
          Already confirmed? <AppLink to={paths.login}>Log in</AppLink>
        </p>
      }
    >
      <EmailRequestForm initialEmail={email} submitLabel="Send a new link" busyLabel="Sending…" send={resendConfirmation} />
    </AuthLayout>
  );
}

/** /passwordReset?token=… (alias /password-reset): choose a new password with the mailed token. */
export function PasswordResetPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [server, setServer] = useState<FormErrors & { badToken?: boolean }>(NO_ERRORS);

  if (!token) {
    return (
      <AuthLayout title="Reset your password" lead={<p>This page needs the link from your password-reset e-mail.</p>}>
        <AppLink to={paths.forgotPassword} className="btn btn-primary btn-block">
          Send me a reset link
        </AppLink>
      </AuthLayout>
    );
  }

  const local = {
    password: !password ? 'Choose a new password.' : password.length < PASSWORD_MIN_LENGTH ? `Use at least ${PASSWORD_MIN_LENGTH} characters.` : null,
    confirm: confirm !== password ? 'The passwords do not match.' : null,
  };

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    if (local.password || local.confirm) {
      focusFirstInvalid(formRef.current);
      return;
    }
    setBusy(true);
    setServer(NO_ERRORS);
    try {
      await changePasswordWithToken(token, password);
      const state: AuthNotice = { notice: 'Your password has been changed. Log in with your new password.' };
      navigate(paths.login, { replace: true, state });
    } catch (err) {
      const badToken = isApiError(err) && (err.status === 410 || err.code === 'TOKEN_INVALID' || err.code === 'TOKEN_EXPIRED' || err.status === 404);
      setServer({
        ...formErrorsFrom(err, { password: 'Password' }),
        ...(badToken ? { message: 'This reset link has expired or was already used.', badToken } : {}),
      });
      setBusy(false);
    }
  }

  return (
    <AuthLayout title="Choose a new password" lead={<p>Pick a password you do not use anywhere else.</p>}>
      <form ref={formRef} className="form" noValidate onSubmit={onSubmit}>
        {server.message && (
          <FormAlert>
            <p>{server.message}</p>
            {server.badToken && (
              <p>
                <AppLink to={paths.forgotPassword}>Send me a new link</AppLink>
              </p>
            )}
          </FormAlert>
        )}
        <TextField
          label="New password"
          name="password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={setPassword}
          error={(touched ? local.password : null) ?? server.fields.password ?? null}
          hint={`At least ${PASSWORD_MIN_LENGTH} characters. Common passwords are refused.`}
          required
        />
        <TextField
          label="Repeat the new password"
          name="confirm"
          type="password"
          autoComplete="new-password"
          value={confirm}
          onChange={setConfirm}
          error={touched ? local.confirm : null}
          required
        />
        <SubmitButton busy={busy} busyLabel="Saving…">
          Save new password
        </SubmitButton>
      </form>
    </AuthLayout>
  );
}
