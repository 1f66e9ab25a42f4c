import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { AppLink } from '../../../components/AppLink';
import { FormAlert } from '../../../components/Form';
import { globalError, isApiError } from '../../../lib/api';
import { paths, to } from '../../../lib/paths';
import { confirmAccount } from '../api/endpoints';
import { AuthLayout, Email } from '../components/AuthLayout';
import type { AuthNotice } from './LoginPage';

/**
 * /confirmRegistration/{token?} (alias /confirm-registration): the link of the confirmation e-mail. Confirms at
 * once; 200 → /confirmation-success/{email}, 410 → /confirmation-expired, 400 → an explanation and a resend.
 */
export function ConfirmRegistrationPage() {
  const { t } = useLingui();
  const { token: fromPath } = useParams();
  const [params] = useSearchParams();
  const token = fromPath ?? params.get('token') ?? '';
  const navigate = useNavigate();
  const started = useRef(false);
  const [problem, setProblem] = useState<string | null>(token ? null : t`This page needs the link from your confirmation e-mail.`);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    confirmAccount(token)
      .then((res) => navigate(to.confirmationSuccess(res?.email), { replace: true }))
      .catch((err: unknown) => {
        globalError.set(null);
        if (isApiError(err) && (err.status === 410 || err.code === 'TOKEN_EXPIRED')) {
          navigate(paths.confirmationExpired, { replace: true });
          return;
        }
        setProblem(
          isApiError(err) && (err.status === 400 || err.status === 404)
            ? t`This confirmation link is not valid. It may have been used already, or copied only in part.`
            : t`We could not confirm your account right now. Please try the link again in a moment.`,
        );
      });
  }, [token, navigate, t]);

  if (!problem) {
    return (
      <AuthLayout title={t`Confirming your account…`}>
        <p className="spinner-line" role="status">
          <span className="spinner" aria-hidden="true" /> <Trans>One moment, please.</Trans>
        </p>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title={t`We could not confirm your account`}>
      <FormAlert>
        <p>{problem}</p>
      </FormAlert>
      <div className="stack">
        <AppLink to={to.resendActivation()} className="btn btn-primary btn-block">
          <Trans>Send me a new link</Trans>
        </AppLink>
        <AppLink to={paths.login} className="btn btn-secondary btn-block">
          <Trans>Log in</Trans>
        </AppLink>
      </div>
    </AuthLayout>
  );
}

/** /confirmation-success/{email?} */
export function ConfirmationSuccessPage() {
  const { t } = useLingui();
  const { email } = useParams();
  const state: AuthNotice = email ? { email } : {};
  return (
    <AuthLayout
      title={t`Your account is ready`}
      lead={
        <p>
          <Trans>
            Thank you! <Email value={email} /> is confirmed. Log in to start following channels.
          </Trans>
        </p>
      }
    >
      <AppLink to={paths.login} state={state} className="btn btn-primary btn-block">
        <Trans>Log in</Trans>
      </AppLink>
    </AuthLayout>
  );
}

/** /email-sent/{email?} (aliases /signup-success, /verify): after sign-up. */
export function EmailSentPage() {
  const { t } = useLingui();
  const { email } = useParams();
  return (
    <AuthLayout
      title={t`Check your inbox`}
      lead={
        <p>
          <Trans>
            We sent a confirmation link to <Email value={email} />. Open it to activate your account.
          </Trans>
        </p>
      }
      footer={
        <p>
          <Trans>
            No e-mail after a few minutes? Look in your spam folder, or{' '}
            <AppLink to={to.resendActivation(email)}>send a new link</AppLink>.
          </Trans>
        </p>
      }
    >
      <MailIllustration />
    </AuthLayout>
  );
}

/** /check-email/{email?}: after asking for a reset or a new confirmation link. */
export function CheckEmailPage() {
  const { t } = useLingui();
  const { email } = useParams();
  return (
    <AuthLayout
      title={t`Check your e-mail`}
      lead={
        <p>
          <Trans>
            If <Email value={email} /> has an account, we sent a link there. Open it soon: it is valid for a limited time.
          </Trans>
        </p>
      }
      footer={
        <p>
          <AppLink to={paths.login}>
            <Trans>Back to log in</Trans>
          </AppLink>
        </p>
      }
    >
      <MailIllustration />
    </AuthLayout>
  );
}

/** /email-not-found/{email?} */
export function EmailNotFoundPage() {
  const { t } = useLingui();
  const { email } = useParams();
  return (
    <AuthLayout
      title={t`We could not find that account`}
      lead={
        <p>
          <Trans>
            There is no account for <Email value={email} />. Check the address for typos, or create a new account.
          </Trans>
        </p>
      }
    >
      <div className="stack">
        <AppLink to={paths.signup} className="btn btn-primary btn-block">
          <Trans>Create an account</Trans>
        </AppLink>
        <AppLink to={paths.forgotPassword} className="btn btn-secondary btn-block">
          <Trans>Try another address</Trans>
        </AppLink>
      </div>
    </AuthLayout>
  );
}

function MailIllustration() {
  return (
    <svg className="auth-illustration" width="96" height="72" viewBox="0 0 96 72" aria-hidden="true" focusable="false">
      <rect x="4" y="8" width="88" height="60" rx="10" fill="var(--accent-soft)" stroke="var(--accent)" strokeWidth="3" />
      <path d="M8 14l40 28 40-28" fill="none" stroke="var(--accent)" strokeWidth="3" strokeLinejoin="round" />
    </svg>
  );
}
