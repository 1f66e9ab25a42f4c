import { useLingui } from '@lingui/react/macro';
import type { GridType } from '../lib/storage';
import { usePreference } from '../lib/hooks';
import { Icon } from './Icon';

/** List / grid switch for video lists; the choice is the `gridType` preference (default list). */
export function ViewToggle() {
  const { t } = useLingui();
  const [gridType, setGridType] = usePreference('gridType');
  const option = (value: GridType, label: string) => (
    <button
      type="button"
      className="toggle-btn"
      aria-pressed={gridType === value}
      aria-label={label}
      title={label}
      onClick={() => setGridType(value)}
    >
      <Icon name={value} size={20} />
    </button>
  );
  return (
    <div className="toggle-group" role="group" aria-label={t`Layout`}>
      {option('list', t`List view`)}
      {option('grid', t`Grid view`)}
    </div>
  );
}
