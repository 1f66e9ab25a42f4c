import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { AppLink } from '../../../components/AppLink';
import { Icon } from '../../../components/Icon';
import { useSiteMessages, type LeveledMessage } from '../api/queries';
import { dismiss, isDismissed } from '../dismissed';

/** Site messages for the page (SPEC §2 message bar), each dismissible; dismissals are kept in cookies. */
export function MessageBar() {
  const { t } = useLingui();
  const { data } = useSiteMessages();
  const [, rerender] = useState(0);
  // The cookie string read once a render: each read of document.cookie asks the browser's cookie store.
  const cookies = data?.length ? document.cookie : '';
  const visible = (data ?? []).filter((m) => !isDismissed(m.id, cookies));
  if (visible.length === 0) return null;
  return (
    <section className="message-bar" aria-label={t`Site messages`}>
      {visible.map((m) => (
        <Message
          key={m.id}
          message={m}
          onDismiss={() => {
            dismiss(m.id, m.dismissal);
            rerender((n) => n + 1);
          }}
        />
      ))}
    </section>
  );
}

function Message({ message, onDismiss }: { message: LeveledMessage; onDismiss: () => void }) {
  const { t, i18n } = useLingui();
  const { linkUrl, level } = message;
  // The operator's words in the reader's language when the message has them (the demo's own message does).
  const { text, linkText } = message.translations?.[i18n.locale] ?? message;
  const internal = linkUrl?.startsWith('/') && !linkUrl.startsWith('//');
  return (
    <div className={`message message--${level}`} role={level === 'info' ? 'status' : 'alert'}>
      <p>
        {text}{' '}
        {linkUrl &&
          (internal ? (
            <AppLink to={linkUrl}>{linkText || linkUrl}</AppLink>
          ) : (
            <a href={linkUrl} target="_blank" rel="noopener noreferrer">
              {linkText || linkUrl}
              <span className="sr-only">
                {' '}
                <Trans>(opens in a new tab)</Trans>
              </span>
            </a>
          ))}
      </p>
      <button type="button" className="icon-btn icon-btn--sm" aria-label={t`Dismiss message`} onClick={onDismiss}>
        <Icon name="close" size={18} />
      </button>
    </div>
  );
}
