import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../components/Page';
import { connectYouTube, resetAccount, youtubeAccountKeys } from '../api/youtube-account';
import { callbackFailure, failureOf, youtubeReturn, type ConnectOutcome, type ConnectState } from '../youtube-connect';

/**
 * /oauth2/youtube/callback (issue 16 §1): where Google sends the member back with `code` and `state` (or an `error`).
 * The code goes to the server (POST /api/idp/GOOGLE), then the member returns to the page they started from (kept in
 * sessionStorage), or /importYoutubeChannels, with how it went: that page shows a failure, never a blank page.
 */
export function YouTubeCallback() {
  const { t } = useLingui();
  useDocumentTitle(t`Connecting YouTube`);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const ran = useRef(false);

  useEffect(() => {
    if (ran.current) return;
    ran.current = true;
    const back = youtubeReturn.take();
    const finish = (outcome: ConnectOutcome) => {
      const state: ConnectState = { youtubeConnect: outcome };
      void navigate(back, { replace: true, state });
    };
    const refused = callbackFailure(params);
    if (refused) {
      finish(refused);
      return;
    }
    connectYouTube({ code: params.get('code')!, state: params.get('state') ?? undefined, iss: params.get('iss') ?? undefined })
      .then(async (account) => {
        await resetAccount(qc);
        qc.setQueryData(youtubeAccountKeys.account(), account);
        finish({ kind: 'connected' });
      })
      .catch((error: unknown) => {
        console.warn('Connecting the YouTube account failed.', error);
        finish(failureOf(error));
      });
  }, [params, navigate, qc]);

  return (
    <div className="bare-status" role="status">
      <span className="spinner" aria-hidden="true" />
      <p>
        <Trans>Connecting your YouTube account…</Trans>
      </p>
    </div>
  );
}
