import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { AppLink } from '../../../components/AppLink';
import { FormAlert, NO_ERRORS, SubmitButton, TextField, focusFirstInvalid, type FormErrors } from '../../../components/Form';
import { fieldErrorsFrom } from '../../../components/field-errors';
import { isApiError } from '../../../lib/api';
import { paths, to } from '../../../lib/paths';
import { changePasswordWithToken, requestPasswordReset, resendConfirmation } from '../api/endpoints';
import { AuthLayout } from '../components/AuthLayout';
import { PASSWORD_MIN_LENGTH, isEmail } from '../rules';
import type { AuthNotice } from './LoginPage';

/**
 * One e-mail field and a button: used by "forgot password" and "resend the confirmation link". A 202 goes to
 * /check-email/{email}, which says a mail went out if the address has an account: the server answers the same for
 * every address, so that nobody learns from it who has an account (decisions/034).
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
  const { t } = useLingui();
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const [email, setEmail] = useState(initialEmail);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [server, setServer] = useState<FormErrors>(NO_ERRORS);
  const local = !email.trim()
    ? t`Enter your e-mail address.`
    : !isEmail(email)
      ? t`Enter a valid e-mail address, like name@example.com.`
      : null;

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
      setServer(fieldErrorsFrom(err, { email: t`E-mail` }));
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
        label={t`E-mail`}
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
  const { t } = useLingui();
  return (
    <AuthLayout
      title={t`Forgot your password?`}
      lead={
        <p>
          <Trans>Enter the e-mail address of your account and we will send you a link to choose a new password.</Trans>
        </p>
      }
      footer={
        <p>
          <Trans>
            Remembered it? <AppLink to={paths.login}>Log in</AppLink>
          </Trans>
        </p>
      }
    >
      <EmailRequestForm
        initialEmail=""
        submitLabel={t`Send me a reset link`}
        busyLabel={t`Sending…`}
        send={(email) => requestPasswordReset(email, `${window.location.origin}${paths.passwordReset}`)}
      />
    </AuthLayout>
  );
}

/** /confirmation-expired and /resend-activation/{email?}: a new confirmation link. */
export function ResendActivationPage() {
  const { t } = useLingui();
  const { email = '' } = useParams();
  const { pathname } = useLocation();
  const expired = pathname === paths.confirmationExpired;
  return (
    <AuthLayout
      title={expired ? t`This confirmation link has expired` : t`Get a new confirmation link`}
      lead={
        <p>
          {expired ? (
            <Trans>Confirmation links are valid for a limited time. Enter your e-mail address and we will send you a new one.</Trans>
          ) : (
            <Trans>We will send a new confirmation link to this address.</Trans>
          )}
        </p>
      }
      footer={
        <p>
          <Trans>
            Already confirmed? <AppLink to={paths.login}>Log in</AppLink>
          </Trans>
        </p>
      }
    >
      <EmailRequestForm initialEmail={email} submitLabel={t`Send a new link`} busyLabel={t`Sending…`} send={resendConfirmation} />
    </AuthLayout>
  );
}

/** /passwordReset?token=… (alias /password-reset): choose a new password with the mailed token. */
export function PasswordResetPage() {
  const { t } = useLingui();
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
      <AuthLayout
        title={t`Reset your password`}
        lead={
          <p>
            <Trans>This page needs the link from your password-reset e-mail.</Trans>
          </p>
        }
      >
        <AppLink to={paths.forgotPassword} className="btn btn-primary btn-block">
          <Trans>Send me a reset link</Trans>
        </AppLink>
      </AuthLayout>
    );
  }

  const local = {
    password: !password ? t`Choose a new password.` : password.length < PASSWORD_MIN_LENGTH ? t`Use at least ${PASSWORD_MIN_LENGTH} characters.` : null,
    confirm: confirm !== password ? t`The passwords do not match.` : null,
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
      const state: AuthNotice = { notice: t`Your password has been changed. Log in with your new password.` };
      navigate(paths.login, { replace: true, state });
    } catch (err) {
      const badToken = isApiError(err) && (err.status === 410 || err.code === 'TOKEN_INVALID' || err.code === 'TOKEN_EXPIRED' || err.status === 404);
      setServer({
        ...fieldErrorsFrom(err, { password: t`Password` }),
        ...(badToken ? { message: t`This reset link has expired or was already used.`, badToken } : {}),
      });
      setBusy(false);
    }
  }

  return (
    <AuthLayout
      title={t`Choose a new password`}
      lead={
        <p>
          <Trans>Pick a password you do not use anywhere else.</Trans>
        </p>
      }
    >
      <form ref={formRef} className="form" noValidate onSubmit={onSubmit}>
        {server.message && (
          <FormAlert>
            <p>{server.message}</p>
            {server.badToken && (
              <p>
                <AppLink to={paths.forgotPassword}>
                  <Trans>Send me a new link</Trans>
                </AppLink>
              </p>
            )}
          </FormAlert>
        )}
        <TextField
          label={t`New password`}
          name="password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={setPassword}
          error={(touched ? local.password : null) ?? server.fields.password ?? null}
          hint={t`At least ${PASSWORD_MIN_LENGTH} characters. Common passwords are refused.`}
          required
        />
        <TextField
          label={t`Repeat the new password`}
          name="confirm"
          type="password"
          autoComplete="new-password"
          value={confirm}
          onChange={setConfirm}
          error={touched ? local.confirm : null}
          required
        />
        <SubmitButton busy={busy} busyLabel={t`Saving…`}>
          <Trans>Save new password</Trans>
        </SubmitButton>
      </form>
    </AuthLayout>
  );
}
