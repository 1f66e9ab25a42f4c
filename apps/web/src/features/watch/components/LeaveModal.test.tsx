import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Video } from '@sift/contracts';
import { video } from '../../../player/test-support';
import { LeaveModal } from './LeaveModal';

afterEach(cleanup);

const blocked = video(1, { embeddable: false }) as unknown as Video;

// Issue 31: the leave notice focused its link to the other site, so Enter on arrival left the app.
describe('LeaveModal', () => {
  it('focuses staying first: Cancel when the person asked for the video', () => {
    render(<LeaveModal leave={{ video: blocked, automatic: false, autoAdvance: false, deadline: null }} onAccept={vi.fn()} onCancel={vi.fn()} />);
    expect(screen.getByRole('button', { name: /Open on/ })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
  });

  it('focuses Skip while a queue counts down to its next video', () => {
    render(<LeaveModal leave={{ video: blocked, automatic: true, autoAdvance: true, deadline: Date.now() + 7000 }} onAccept={vi.fn()} onCancel={vi.fn()} />);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Skip' }));
  });
});
