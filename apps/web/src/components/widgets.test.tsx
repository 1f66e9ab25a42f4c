import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NotificationProvider, useNotify } from './Notifications';
import { SearchField } from './SearchField';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('SearchField', () => {
  it('has the "Search..." placeholder and submits trimmed text on Enter', () => {
    const onSubmit = vi.fn();
    render(<SearchField value="" onSubmit={onSubmit} />);
    const box = screen.getByRole('searchbox', { name: 'Search' });
    expect(box.getAttribute('placeholder')).toBe('Search...');
    fireEvent.change(box, { target: { value: '  cats  ' } });
    fireEvent.submit(box.closest('form')!);
    expect(onSubmit).toHaveBeenCalledWith('cats');
  });

  it('does not submit empty text', () => {
    const onSubmit = vi.fn();
    render(<SearchField value="" onSubmit={onSubmit} />);
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows the clear button only while there is text', () => {
    render(<SearchField value="" onSubmit={() => {}} />);
    expect(screen.queryByRole('button', { name: 'Clear search' })).toBeNull();
    const box = screen.getByRole('searchbox') as HTMLInputElement;
    fireEvent.change(box, { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(box.value).toBe('');
    expect(screen.queryByRole('button', { name: 'Clear search' })).toBeNull();
  });

  it('follows the value from the URL', () => {
    const { rerender } = render(<SearchField value="a" onSubmit={() => {}} />);
    rerender(<SearchField value="b" onSubmit={() => {}} />);
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('b');
  });
});

describe('notifications', () => {
  function Trigger() {
    const notify = useNotify();
    return (
      <button type="button" onClick={() => notify('Link copied to clipboard')}>
        Copy
      </button>
    );
  }

  it('shows a toast for 1500 ms', () => {
    vi.useFakeTimers();
    render(
      <NotificationProvider>
        <Trigger />
      </NotificationProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(screen.getByRole('status').textContent).toBe('Link copied to clipboard');
    act(() => vi.advanceTimersByTime(1499));
    expect(screen.getByRole('status').textContent).toBe('Link copied to clipboard');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('status').textContent).toBe('');
  });
});
