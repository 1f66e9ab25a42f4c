import { Modal } from '../../../components/Modal';
import { SHORTCUTS } from '../../../player/controls';

/** The help sheet of the player's keyboard shortcuts (player/controls.ts implements exactly these). */
export function ShortcutsHelp({ onClose }: { onClose: () => void }) {
  return (
    <Modal title="Keyboard shortcuts" onClose={onClose}>
      <dl className="shortcuts">
        {SHORTCUTS.map((s) => (
          <div key={s.description} className="shortcut">
            <dt>
              {s.keys.map((k, i) => (
                <span key={k}>
                  {i > 0 && <span className="shortcut-or"> or </span>}
                  <kbd>{k}</kbd>
                </span>
              ))}
            </dt>
            <dd>{s.description}</dd>
          </div>
        ))}
      </dl>
    </Modal>
  );
}
