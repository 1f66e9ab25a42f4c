import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { AppLink } from '../../../components/AppLink';
import { FormAlert, formErrorsFrom } from '../../../components/Form';
import { Page } from '../../../components/Page';
import { unsubscribeByToken } from '../api/queries';

/**
 * /unsubscribe?token=…: the link in every notification mail (mails sent before issue 19 link /subscription-cancelled,
 * which passes the token on here). Opening it unsubscribes from that
 * subscription's e-mails (frequency NONE) without logging in; the follow itself stays.
 */
export function UnsubscribePage() {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<{ status: 'working' } | { status: 'done'; name: string } | { status: 'error'; message: string }>(
    token ? { status: 'working' } : { status: 'error', message: t`This link has no subscription in it.` },
  );
  useEffect(() => {
    if (!token) return;
    let live = true;
    unsubscribeByToken(token).then(
      (r) => live && setState({ status: 'done', name: r.target.name }),
      (err: unknown) => {
        const invalid = t`This unsubscribe link is not valid any more.`;
        if (live) setState({ status: 'error', message: formErrorsFrom(err, {}, invalid).message ?? invalid });
      },
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per token; the words are read when it fails
  }, [token]);
  const doneName = state.status === 'done' ? state.name : '';
  return (
    <Page title={t`Unsubscribe`}>
      {state.status === 'working' && (
        <p role="status">
          <Trans>Unsubscribing…</Trans>
        </p>
      )}
      {state.status === 'done' && (
        <p role="status">
          <Trans>
            You will get no more e-mails about <strong>{doneName}</strong>. You still follow it: its new videos stay in your{' '}
            <AppLink to="/feed">feed</AppLink>. Change this any time in your <AppLink to="/profile#subscriptions">profile</AppLink>.
          </Trans>
        </p>
      )}
      {state.status === 'error' && <FormAlert>{state.message}</FormAlert>}
    </Page>
  );
}
