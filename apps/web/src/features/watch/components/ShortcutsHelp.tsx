import { Trans, useLingui } from '@lingui/react/macro';
import { Modal } from '../../../components/Modal';
import { KEY_NAMES, SHORTCUTS } from '../../../player/controls';

/** The help sheet of the player's keyboard shortcuts (player/controls.ts implements exactly these). */
export function ShortcutsHelp({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useLingui();
  return (
    <Modal title={t`Keyboard shortcuts`} onClose={onClose}>
      <dl className="shortcuts">
        {SHORTCUTS.map((s) => (
          <div key={s.keys.join()} className="shortcut">
            <dt>
              {s.keys.map((k, i) => (
                <span key={k}>
                  {i > 0 && (
                    <span className="shortcut-or">
                      {' '}
                      <Trans context="between two keys">or</Trans>{' '}
                    </span>
                  )}
                  <kbd>{KEY_NAMES[k] ? i18n._(KEY_NAMES[k]) : k}</kbd>
                </span>
              ))}
            </dt>
            <dd>{i18n._(s.description)}</dd>
          </div>
        ))}
      </dl>
    </Modal>
  );
}
