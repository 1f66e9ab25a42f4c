import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PageModal } from './PageModal';

afterEach(cleanup);

/** SPEC §2 "Modals": a page modal with Close, Continue and Cancel. */
describe('PageModal', () => {
  it('has Close, Cancel and Continue: the first two leave, Continue goes on', () => {
    const onClose = vi.fn();
    const onContinue = vi.fn();
    render(
      <PageModal title="Add channels to Bread" onClose={onClose} onContinue={onContinue}>
        <p>Body</p>
      </PageModal>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Add channels to Bread' });
    expect([...dialog.querySelectorAll('button')].map((b) => b.getAttribute('aria-label') ?? b.textContent)).toEqual(['Close', 'Cancel', 'Continue']);
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onContinue).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('Continue closes when there is no next step', () => {
    const onClose = vi.fn();
    render(
      <PageModal title="Keywords" onClose={onClose}>
        <p>Body</p>
      </PageModal>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
