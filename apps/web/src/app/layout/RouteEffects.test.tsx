import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render } from '@testing-library/react';
import { MemoryRouter, useNavigate, type NavigateFunction } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RouteEffects } from './RouteEffects';

vi.mock('../../features/account', () => ({
  onboardingStore: { dispatch: vi.fn() },
  refreshUserData: vi.fn(() => Promise.resolve()),
}));

let navigate: NavigateFunction;
function Navigator() {
  navigate = useNavigate();
  return null;
}

function start(path: string) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <RouteEffects />
        <Navigator />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const go = (to: string, state?: unknown) => act(() => void navigate(to, { state }));
const over = (pathname: string) => ({ watchBackground: { pathname, search: '', hash: '' } });

describe('RouteEffects: scroll to the top on a new page, not when the player opens over the page shown', () => {
  const scrollTo = vi.fn();
  beforeEach(() => {
    vi.stubGlobal('scrollTo', scrollTo);
    scrollTo.mockClear();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('keeps the Dashboard where it was between / and /watch', () => {
    start('/');
    go('/watch?v=a');
    go('/?v=a');
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('keeps a page where it was while the player opens over it and is minimised back to it', () => {
    start('/search/main?st=wood');
    go('/watch?v=a', over('/search/main'));
    go('/search/main?st=wood&v=a');
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('goes to the top of another page', () => {
    start('/search/main?st=wood');
    go('/about');
    expect(scrollTo).toHaveBeenCalledTimes(1);
    go('/watch?v=a', over('/about'));
    go('/');
    expect(scrollTo).toHaveBeenCalledTimes(2);
  });
});
