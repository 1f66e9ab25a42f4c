import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { AppLink } from './AppLink';
import { PlainLink, PlainLinkNavigation } from './PlainLink';

afterEach(cleanup);

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{pathname + search}</p>;
}

/** The app's router as far as links go: the plain links' navigation, and where it is. */
function App({ children, at = '/a' }: { children: ReactNode; at?: string }) {
  return (
    <MemoryRouter initialEntries={[at]}>
      <PlainLinkNavigation />
      {children}
      <Where />
    </MemoryRouter>
  );
}

/** A click the browser would follow itself unless a handler prevented it. */
function click(link: HTMLElement, init: MouseEventInit = {}): boolean {
  return fireEvent.click(link, { button: 0, ...init });
}

describe('plain links (PlainLink, AppLink)', () => {
  it('navigate inside the app, carrying the current video over', () => {
    render(
      <App at="/a?v=abc">
        <AppLink to="/b">B</AppLink>
      </App>,
    );
    const followedByBrowser = click(screen.getByRole('link', { name: 'B' }));
    expect(followedByBrowser).toBe(false);
    expect(screen.getByTestId('where').textContent).toBe('/b?v=abc');
  });

  it('navigate inside a dialog that keeps its clicks from the page behind it (the video modal, a modal page)', () => {
    render(
      <App>
        <div role="dialog" onClick={(e) => e.stopPropagation()}>
          <AppLink to="/channel/x">Channel</AppLink>
          <PlainLink href="/sifts/y">Sift</PlainLink>
        </div>
      </App>,
    );
    click(screen.getByRole('link', { name: 'Channel' }));
    expect(screen.getByTestId('where').textContent).toBe('/channel/x');
    click(screen.getByRole('link', { name: 'Sift' }));
    expect(screen.getByTestId('where').textContent).toBe('/sifts/y');
  });

  it('leave to the browser what it does itself: a new tab, a modified click, another site', () => {
    render(
      <App>
        <PlainLink href="/b" target="_blank">
          New tab
        </PlainLink>
        <PlainLink href="/c">Plain</PlainLink>
        <PlainLink href="https://example.com/d">Elsewhere</PlainLink>
      </App>,
    );
    expect(click(screen.getByRole('link', { name: 'New tab' }))).toBe(true);
    expect(click(screen.getByRole('link', { name: 'Plain' }), { ctrlKey: true })).toBe(true);
    expect(click(screen.getByRole('link', { name: 'Elsewhere' }))).toBe(true);
    expect(screen.getByTestId('where').textContent).toBe('/a');
  });

  it("run the caller's click handler first, which may keep the link from being followed", () => {
    render(
      <App>
        <AppLink to="/b" onClick={(e) => e.preventDefault()}>
          Kept
        </AppLink>
      </App>,
    );
    click(screen.getByRole('link', { name: 'Kept' }));
    expect(screen.getByTestId('where').textContent).toBe('/a');
  });
});
