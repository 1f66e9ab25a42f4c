import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { AppLink } from '../../../components/AppLink';
import { Captcha } from '../../../components/Captcha';
import { FormAlert, SubmitButton, TextArea, TextField } from '../../../components/Form';
import { useCaptchaForm } from '../../../components/use-captcha-form';
import { Page } from '../../../components/Page';
import { APP_NAME } from '../../../lib/config';
import { formatNumber } from '../../../lib/format';
import { isEmail } from '../../../lib/email';
import { paths, to } from '../../../lib/paths';
import { sendContactMessage, useContactStatus } from '../api/contact';
import { CONTACT_MESSAGE_MAX, CONTACT_NAME_MAX } from '../rules';

const EMPTY = { name: '', email: '', message: '' };

/** /contact: a message to the people who run this instance, checked by the same captcha as sign-up. */
export function ContactPage() {
  const { t } = useLingui();
  const status = useContactStatus();
  const [sentTo, setSentTo] = useState<string | null>(null);
  return (
    <Page title={t`Contact Us`}>
      <div className="contact">
        <div className="prose contact-intro">
          <p>
            <Trans>
              Questions, ideas, a problem with a video or a Sift? Write to the people who run this {APP_NAME} site. For
              how your data is handled, see the <AppLink to={paths.privacy}>Privacy Policy</AppLink>.
            </Trans>
          </p>
        </div>
        {status.isPending ? (
          <p className="muted" role="status">
            <Trans>Loading the form…</Trans>
          </p>
        ) : status.data?.enabled === false ? (
          <FormAlert kind="info">
            <p>
              {/* To the person here; the operator reads how to set an address in the start log and the README (issue 31). */}
              <Trans>Contact is not set up on this site, so it cannot take messages here.</Trans>
            </p>
          </FormAlert>
        ) : sentTo ? (
          <ContactSent email={sentTo} onAnother={() => setSentTo(null)} />
        ) : (
          <ContactForm onSent={setSentTo} />
        )}
      </div>
    </Page>
  );
}

function ContactSent({ email, onAnother }: { email: string; onAnother: () => void }) {
  // The form that had focus is gone: focus moves to the news, so keyboard and screen-reader users land on it.
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div className="contact-card contact-sent" role="status">
      <h2 ref={headingRef} tabIndex={-1}>
        <Trans>Thank you, your message is on its way</Trans>
      </h2>
      <p>
        <Trans>
          It went to the people who run this site. Answers come to <strong className="email">{email}</strong>.
        </Trans>
      </p>
      <div className="contact-actions">
        <button type="button" className="btn btn-secondary" onClick={onAnother}>
          <Trans>Write another message</Trans>
        </button>
        <AppLink to={to.home()} className="btn btn-primary">
          <Trans>Back to the videos</Trans>
        </AppLink>
      </div>
    </div>
  );
}

function ContactForm({ onSent }: { onSent: (email: string) => void }) {
  const { t } = useLingui();
  const LABELS = { name: t`Your name`, email: t`Your e-mail`, message: t`Message`, captcha: t`Anti-spam check` };
  const { formRef, captchaRef, busy, server, submit, errorsOf } = useCaptchaForm(LABELS);
  const [values, setValues] = useState(EMPTY);
  const set = (k: keyof typeof values) => (v: string) => setValues((s) => ({ ...s, [k]: v }));

  const local = {
    name: values.name.trim() ? null : t`Enter your name.`,
    email: !values.email.trim()
      ? t`Enter your e-mail address, so that we can answer.`
      : !isEmail(values.email)
        ? t`Enter a valid e-mail address, like name@example.com.`
        : null,
    message: values.message.trim() ? null : t`Write your message.`,
  };
  const errorOf = errorsOf(local);
  const typed = formatNumber(values.message.length);
  const max = formatNumber(CONTACT_MESSAGE_MAX);
  const onSubmit = (e: FormEvent) =>
    submit(e, local, async (captcha) => {
      await sendContactMessage({ ...values, captcha });
      onSent(values.email.trim());
    });

  return (
    <form ref={formRef} className="form contact-card" noValidate onSubmit={onSubmit} aria-label={t`Contact us`}>
      {server.message && (
        <FormAlert>
          <p>{server.message}</p>
        </FormAlert>
      )}
      <div className="field-row">
        <TextField label={LABELS.name} name="name" autoComplete="name" value={values.name} onChange={set('name')} error={errorOf('name')} required maxLength={CONTACT_NAME_MAX} />
        <TextField label={LABELS.email} name="email" type="email" autoComplete="email" value={values.email} onChange={set('email')} error={errorOf('email')} required />
      </div>
      <TextArea
        label={LABELS.message}
        name="message"
        rows={7}
        value={values.message}
        onChange={set('message')}
        error={errorOf('message')}
        required
        maxLength={CONTACT_MESSAGE_MAX}
        hint={t`${typed} of ${max} characters`}
      />
      <Captcha ref={captchaRef} error={server.fields.captcha ?? null} />
      <SubmitButton busy={busy} busyLabel={t`Sending…`}>
        <Trans>Send message</Trans>
      </SubmitButton>
    </form>
  );
}
