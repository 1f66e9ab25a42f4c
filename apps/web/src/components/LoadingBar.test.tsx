import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { inFlight } from '../lib/api';
import { LoadingBar } from './LoadingBar';

afterEach(() => {
  cleanup();
  inFlight.set(0);
});

describe('LoadingBar', () => {
  it('shows while any call is in flight and hides when the last one ends', () => {
    render(<LoadingBar />);
    expect(screen.queryByRole('progressbar')).toBeNull();
    act(() => inFlight.set(1));
    const bar = screen.getByRole('progressbar', { name: 'Loading' });
    act(() => inFlight.set(2));
    // Overlapping calls keep the one bar.
    expect(screen.getByRole('progressbar')).toBe(bar);
    act(() => inFlight.set(1));
    expect(screen.getByRole('progressbar')).toBe(bar);
    act(() => inFlight.set(0));
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
