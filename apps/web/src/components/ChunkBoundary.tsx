import { Trans } from '@lingui/react/macro';
import { Component, type ReactNode } from 'react';
import { ChunkLoadError } from '../lib/lazy';

interface Props {
  children: ReactNode;
  /** 'page' fills the page's place; 'overlay' floats above the page (the player's chunk). */
  variant?: 'page' | 'overlay';
}

/**
 * Catches what its lazy children throw (lib/lazy: a chunk that failed or timed out, SPEC §8) and shows a message
 * with a reload, instead of leaving a blank page. A reload is the way out: React keeps a failed lazy load failed.
 */
export class ChunkBoundary extends Component<Props, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const chunk = error instanceof ChunkLoadError;
    return (
      <div className={`chunk-error chunk-error--${this.props.variant ?? 'page'}`} role="alert">
        <p>
          {chunk ? (
            <Trans>This part of the app could not be loaded. Check your connection, then reload the page.</Trans>
          ) : (
            <Trans>Something went wrong while showing this page. Reloading the page may help.</Trans>
          )}
        </p>
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          <Trans>Reload</Trans>
        </button>
      </div>
    );
  }
}
