import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import './pick-list.css';

/**
 * A short list to pick from, one row each: a picture, a name with a line under it, and the row's control at its end
 * (the onboarding's channels and sifts to follow). Rows name what they show without linking it.
 */
export function PickList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul className="pick-list" aria-label={label}>
      {children}
    </ul>
  );
}

export function PickRow({ image, name, meta, action }: { image: ReactNode; name: string; meta: ReactNode; action: ReactNode }) {
  return (
    <li className="pick-row">
      {image}
      <span className="pick-text">
        {/* The whole name on hover where a narrow row cuts it short. */}
        <span className="pick-name" title={name}>
          {name}
        </span>
        <span className="pick-meta">{meta}</span>
      </span>
      {action}
    </li>
  );
}

/** Rows standing in while the list loads, the size of real ones (nothing moves when they come). */
export function PickListGhost({ rows }: { rows: number }) {
  return (
    <ul className="pick-list" aria-hidden="true">
      {Array.from({ length: rows }, (_, i) => (
        <li key={i} className="pick-row pick-row--ghost">
          <span className="pick-ghost-image" />
          <span className="pick-ghost-text" />
        </li>
      ))}
    </ul>
  );
}

/** A list that did not load: SPEC §2's words for it, and a way to ask again. */
export function PickListError({ retry }: { retry: () => void }) {
  return (
    <div className="pick-error">
      <p role="alert">
        <Trans>Error returning results.</Trans>
      </p>
      <button type="button" className="btn btn-secondary" onClick={retry}>
        <Trans>Try again</Trans>
      </button>
    </div>
  );
}
