import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { AppLink } from '../../../components/AppLink';
import { FormAlert, NO_ERRORS, SubmitButton, TextField, focusFirstInvalid, formErrorsFrom, type FormErrors } from '../../../components/Form';
import { fieldErrorsFrom } from '../../../components/field-errors';
import { useNotify } from '../../../components/Notifications';
import { useDocumentTitle } from '../../../components/Page';
import { formatDate } from '../../../lib/format';
import { initialsOf } from '../../../lib/initials-of';
import { paths, to } from '../../../lib/paths';
import { useLoginNeeding } from '../../../lib/use-login-needing';
import { preferences } from '../../../lib/storage';
import { deactivateAccount, deleteAccount, updatePassword, updateProfile, type ProfileInput } from '../api/endpoints';
import { accountKeys, clearLocalSession, resetSessionContent, useSession, type UserInfo } from '../api/session';
import { UPDATE_PROFILE_ACTION } from '../actions';
import { ReasonDialog } from '../components/ReasonDialog';
import { AUTH_TOKEN_HEADER, PASSWORD_MIN_LENGTH, PLACEHOLDER_CREATED_AT } from '../rules';

const isGoogle = (user: UserInfo) => (user.origin ?? '').toUpperCase() === 'GOOGLE';

function ProfileFrame({ title, children, back }: { title: string; children: ReactNode; back?: boolean }) {
  useDocumentTitle(title);
  return (
    <section className="page account-page" aria-labelledby="page-title">
      {back && (
        <p className="breadcrumb">
          <AppLink to={paths.profile}>
            <Trans>← Profile</Trans>
          </AppLink>
        </p>
      )}
      <h1 id="page-title" className="page-title" tabIndex={-1}>
        {title}
      </h1>
      {children}
    </section>
  );
}

function Loading() {
  return (
    <p className="spinner-line" role="status">
      <span className="spinner" aria-hidden="true" /> <Trans>Loading your profile…</Trans>
    </p>
  );
}

function initials(user: UserInfo) {
  return initialsOf(`${user.firstName} ${user.lastName}`) || '?';
}

function memberSince(createdAt: string): string | null {
  if (!createdAt || createdAt === PLACEHOLDER_CREATED_AT) return null;
  return formatDate(createdAt) || null;
}

/**
 * /profile: who you are, your plan, and what you can do with the account. `children` are the sections other
 * features add (the member's subscriptions): they come after the card and before the account's ending, which
 * stays last.
 */
export function ProfilePage({ children }: { children?: ReactNode }) {
  const { t } = useLingui();
  const session = useSession();
  const user = session.user;
  const qc = useQueryClient();
  const navigate = useNavigate();
  const notify = useNotify();
  const [dialog, setDialog] = useState<'deactivate' | 'delete' | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (!user) {
    return (
      <ProfileFrame title={t`Profile`}>
        <Loading />
      </ProfileFrame>
    );
  }
  const since = memberSince(user.createdAt);

  async function endAccount(kind: 'deactivate' | 'delete', reason: string) {
    setBusy(true);
    setError(null);
    try {
      await (kind === 'delete' ? deleteAccount(reason) : deactivateAccount(reason));
      // The server ended every session of the account: this one is over locally too.
      clearLocalSession(qc);
      resetSessionContent(qc);
      navigate(to.home(), { replace: true });
      notify(kind === 'delete' ? t`Your account has been deleted.` : t`Your account is deactivated. Log in any time to reactivate it.`);
    } catch (err) {
      setError(formErrorsFrom(err).message);
      setBusy(false);
    }
  }

  return (
    <ProfileFrame title={t`Profile`}>
      <div className="profile-card">
        <div className="profile-head">
          {user.picture ? (
            <img className="avatar" src={user.picture} alt="" width={72} height={72} data-name={`${user.firstName} ${user.lastName}`} />
          ) : (
            <span className="avatar avatar--initials" aria-hidden="true">
              {initials(user)}
            </span>
          )}
          <div className="profile-names">
            <p className="profile-name">
              {user.firstName} {user.lastName}
            </p>
            <p className="muted">{user.email}</p>
          </div>
        </div>
        <dl className="profile-facts">
          <div>
            <dt>
              <Trans>Plan</Trans>
            </dt>
            <dd>
              <span className={`plan-badge${user.isPremium ? ' plan-badge--premium' : ''}`}>{user.plan === 'PREMIUM' ? <Trans comment="Plan name">Premium</Trans> : <Trans comment="Plan name">Free</Trans>}</span>{' '}
              <AppLink to={paths.ready} className="plan-link">
                {user.isPremium ? <Trans>Manage plan</Trans> : <Trans>See plans</Trans>}
              </AppLink>
            </dd>
          </div>
          <div>
            <dt>
              <Trans>Signs in with</Trans>
            </dt>
            {/* eslint-disable-next-line lingui/no-unlocalized-strings -- a brand name, the same in every language */}
            <dd>{isGoogle(user) ? 'Google' : <Trans>E-mail and password</Trans>}</dd>
          </div>
          {since && (
            <div>
              <dt>
                <Trans>Member since</Trans>
              </dt>
              <dd>{since}</dd>
            </div>
          )}
        </dl>
        <div className="profile-actions">
          <AppLink to={paths.profileEdit} className="btn btn-primary">
            <Trans>Edit profile</Trans>
          </AppLink>
          {!isGoogle(user) && (
            <AppLink to={paths.changePassword} className="btn btn-secondary">
              <Trans>Change password</Trans>
            </AppLink>
          )}
        </div>
        {isGoogle(user) && (
          <p className="muted small">
            <Trans>
              You sign in with Google. To also sign in with a password, <AppLink to={paths.forgotPassword}>set one by e-mail</AppLink>.
            </Trans>
          </p>
        )}
      </div>

      {children && <div className="profile-sections">{children}</div>}

      <section className="danger-zone" aria-labelledby="danger-heading">
        <h2 id="danger-heading">
          <Trans>Take a break or leave</Trans>
        </h2>
        <div className="danger-row">
          <div>
            <h3>
              <Trans>Deactivate account</Trans>
            </h3>
            <p className="muted">
              <Trans>Your account rests until you log in again. Nothing is deleted.</Trans>
            </p>
          </div>
          <button type="button" className="btn btn-secondary" onClick={() => setDialog('deactivate')}>
            <Trans>Deactivate…</Trans>
          </button>
        </div>
        <div className="danger-row">
          <div>
            <h3>
              <Trans>Delete account</Trans>
            </h3>
            <p className="muted">
              <Trans>Removes your account, playlists and Sifts for good. This cannot be undone.</Trans>
            </p>
          </div>
          <button type="button" className="btn btn-danger-outline" onClick={() => setDialog('delete')}>
            <Trans>Delete…</Trans>
          </button>
        </div>
      </section>

      {dialog === 'deactivate' && (
        <ReasonDialog
          title={t`Deactivate your account?`}
          confirmLabel={t`Yes, deactivate`}
          busy={busy}
          error={error}
          onConfirm={(reason) => void endAccount('deactivate', reason)}
          onClose={() => {
            setDialog(null);
            setError(null);
          }}
        >
          <p>
            <Trans>You will be logged out everywhere. Log in again any time to pick up where you left off.</Trans>
          </p>
        </ReasonDialog>
      )}
      {dialog === 'delete' && (
        <ReasonDialog
          title={t`Delete your account for good?`}
          confirmLabel={t`Delete my account`}
          danger
          busy={busy}
          error={error}
          onConfirm={(reason) => void endAccount('delete', reason)}
          onClose={() => {
            setDialog(null);
            setError(null);
          }}
        >
          <p>
            <Trans>
              Your profile, playlists, Sifts and subscriptions will be removed. <strong>This cannot be undone.</strong>
            </Trans>
          </p>
        </ReasonDialog>
      )}
    </ProfileFrame>
  );
}

/** /profileEdit (alias /profile-edit): first and last name. The e-mail is the login and is not changed here. */
export function ProfileEditPage() {
  const { t } = useLingui();
  const { user } = useSession();
  return (
    <ProfileFrame title={t`Edit profile`} back>
      {user ? <ProfileForm key={user.uuid ?? user.email} user={user} /> : <Loading />}
    </ProfileFrame>
  );
}

function ProfileForm({ user }: { user: UserInfo }) {
  const { t } = useLingui();
  const PROFILE_LABELS = { firstName: t`First name`, lastName: t`Last name`, logonId: t`E-mail` };
  const qc = useQueryClient();
  const navigate = useNavigate();
  const notify = useNotify();
  const loginNeeding = useLoginNeeding();
  const formRef = useRef<HTMLFormElement>(null);
  const [firstName, setFirstName] = useState(user.firstName);
  const [lastName, setLastName] = useState(user.lastName);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [server, setServer] = useState<FormErrors>(NO_ERRORS);
  const local = {
    firstName: firstName.trim() ? null : t`Enter your first name.`,
    lastName: lastName.trim() ? null : t`Enter your last name.`,
  };

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    if (local.firstName || local.lastName) {
      focusFirstInvalid(formRef.current);
      return;
    }
    setBusy(true);
    setServer(NO_ERRORS);
    const input: ProfileInput = { logonId: user.email, firstName: firstName.trim(), lastName: lastName.trim() };
    try {
      // SPEC §6/§8: if the session ended meanwhile (401), the change is saved, the user logs in again, and the
      // same change is sent then (features/account/actions.ts).
      const result = await loginNeeding({ type: UPDATE_PROFILE_ACTION, payload: input, successMessage: t`Profile updated` }, () =>
        updateProfile(input),
      );
      if (result.status === 'waiting-for-login') return;
      if (result.value) qc.setQueryData(accountKeys.userAs(true), result.value);
      else void qc.invalidateQueries({ queryKey: accountKeys.user() });
      notify(t`Profile updated`);
      navigate(paths.profile);
    } catch (err) {
      setServer(fieldErrorsFrom(err, PROFILE_LABELS));
      setBusy(false);
    }
  }

  return (
    <form ref={formRef} className="form form--page" noValidate onSubmit={onSubmit} aria-label={t`Edit profile`}>
      {server.message && (
        <FormAlert>
          <p>{server.message}</p>
        </FormAlert>
      )}
      <TextField
        label={PROFILE_LABELS.logonId}
        name="email"
        type="email"
        value={user.email}
        onChange={() => {}}
        readOnly
        hint={t`Your e-mail is how you log in; it cannot be changed here.`}
      />
      <div className="field-row">
        <TextField
          label={PROFILE_LABELS.firstName}
          name="firstName"
          autoComplete="given-name"
          value={firstName}
          onChange={setFirstName}
          error={(touched ? local.firstName : null) ?? server.fields.firstName ?? null}
          required
          maxLength={100}
        />
        <TextField
          label={PROFILE_LABELS.lastName}
          name="lastName"
          autoComplete="family-name"
          value={lastName}
          onChange={setLastName}
          error={(touched ? local.lastName : null) ?? server.fields.lastName ?? null}
          required
          maxLength={100}
        />
      </div>
      <div className="form-actions">
        <SubmitButton busy={busy} busyLabel={t`Saving…`}>
          <Trans>Save changes</Trans>
        </SubmitButton>
        <AppLink to={paths.profile} className="btn btn-secondary btn-block">
          <Trans>Cancel</Trans>
        </AppLink>
      </div>
    </form>
  );
}

/** /change-password: the current password proves it is you; other sessions end, this one stays. */
export function ChangePasswordPage() {
  const { t } = useLingui();
  const PASSWORD_LABELS = { currentPassword: t`Current password`, newPassword: t`New password` };
  const { user } = useSession();
  const navigate = useNavigate();
  const notify = useNotify();
  const formRef = useRef<HTMLFormElement>(null);
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [server, setServer] = useState<FormErrors>(NO_ERRORS);

  if (!user) {
    return (
      <ProfileFrame title={t`Change password`} back>
        <Loading />
      </ProfileFrame>
    );
  }
  const local = {
    currentPassword: current ? null : t`Enter your current password.`,
    newPassword: !next ? t`Choose a new password.` : next.length < PASSWORD_MIN_LENGTH ? t`Use at least ${PASSWORD_MIN_LENGTH} characters.` : null,
    repeat: repeat !== next ? t`The passwords do not match.` : null,
  };
  const email = user.email;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    if (local.currentPassword || local.newPassword || local.repeat) {
      focusFirstInvalid(formRef.current);
      return;
    }
    setBusy(true);
    setServer(NO_ERRORS);
    try {
      const res = await updatePassword({ logonId: email, currentPassword: current, newPassword: next });
      // Should the server hand out a fresh token for this session, keep it.
      const token = res.headers.get(AUTH_TOKEN_HEADER);
      if (token) preferences.set('token', token);
      notify(t`Password changed`);
      navigate(paths.profile);
    } catch (err) {
      setServer(fieldErrorsFrom(err, PASSWORD_LABELS));
      setBusy(false);
      focusFirstInvalid(formRef.current);
    }
  }

  return (
    <ProfileFrame title={t`Change password`} back>
      <form ref={formRef} className="form form--page" noValidate onSubmit={onSubmit} aria-label={t`Change password`}>
        {server.message && (
          <FormAlert>
            <p>{server.message}</p>
          </FormAlert>
        )}
        {/* Lets password managers file the new password under the right account. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <TextField
          label={PASSWORD_LABELS.currentPassword}
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          value={current}
          onChange={setCurrent}
          error={(touched ? local.currentPassword : null) ?? server.fields.currentPassword ?? null}
          required
        />
        <TextField
          label={PASSWORD_LABELS.newPassword}
          name="newPassword"
          type="password"
          autoComplete="new-password"
          value={next}
          onChange={setNext}
          error={(touched ? local.newPassword : null) ?? server.fields.newPassword ?? null}
          hint={t`At least ${PASSWORD_MIN_LENGTH} characters. Common passwords are refused.`}
          required
        />
        <TextField
          label={t`Repeat the new password`}
          name="repeatPassword"
          type="password"
          autoComplete="new-password"
          value={repeat}
          onChange={setRepeat}
          error={touched ? local.repeat : null}
          required
        />
        <p className="muted small">
          <Trans>You stay logged in here; other devices will be logged out.</Trans>
        </p>
        <div className="form-actions">
          <SubmitButton busy={busy} busyLabel={t`Saving…`}>
            <Trans>Change password</Trans>
          </SubmitButton>
          <AppLink to={paths.profile} className="btn btn-secondary btn-block">
            <Trans>Cancel</Trans>
          </AppLink>
        </div>
      </form>
    </ProfileFrame>
  );
}
