import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pendingUpdate } from './update-flow';
import { UpdatePrompt } from './UpdatePrompt';

afterEach(() => {
  cleanup();
  pendingUpdate.set(null);
});

describe('UpdatePrompt', () => {
  it('shows nothing until a new version waits, then SPEC §8 text with a refresh that applies it', () => {
    const apply = vi.fn();
    render(<UpdatePrompt />);
    const region = screen.getByRole('status');
    expect(region.textContent).toBe('');
    act(() => pendingUpdate.set({ apply }));
    expect(region.querySelector('p')?.textContent).toBe('New version is available. Please refresh.');
    fireEvent.click(screen.getByRole('button', { name: 'refresh' }));
    expect(apply).toHaveBeenCalledTimes(1);
  });

  it('can be dismissed', () => {
    render(<UpdatePrompt />);
    act(() => pendingUpdate.set({ apply: () => {} }));
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss message' }));
    expect(screen.queryByRole('button', { name: 'refresh' })).toBeNull();
  });
});
