import { useLingui } from '@lingui/react/macro';
import { BACK_TO_TOP_THRESHOLD_PX } from '../lib/config';
import { useScrollY } from '../lib/hooks';
import { Icon } from './Icon';

/**
 * Shown once the page has scrolled more than 20 px (SPEC §9). The last thing in the page's main content: where it
 * floats that changes nothing, and on a phone's page of running text or a form app.css sets it there, in the page's
 * flow, with its words shown (issue 31: floating, it covered lines and fields).
 */
export function BackToTop() {
  const { t } = useLingui();
  const visible = useScrollY(BACK_TO_TOP_THRESHOLD_PX);
  return (
    <button
      type="button"
      className="back-to-top"
      // Hidden, not removed, near the top: where it stands in the page's flow app.css keeps its place, so the page
      // does not grow under someone who jumped to its end (End, a scroll to the bottom) and leave them short of it.
      hidden={!visible}
      onClick={() => {
        const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
        window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' });
        document.getElementById('main')?.focus({ preventScroll: true });
      }}
    >
      <Icon name="up" />
      <span className="back-to-top-text">{t`Back to top`}</span>
    </button>
  );
}
