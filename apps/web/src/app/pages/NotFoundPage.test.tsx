import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import NotFoundPage from './NotFoundPage';

afterEach(cleanup);

describe('NotFoundPage', () => {
  it('shows its texts (through Lingui, in English) and the way home', () => {
    render(<NotFoundPage />, { wrapper: MemoryRouter });
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByText(/We couldn’t find the page you were looking for/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the Dashboard' }).getAttribute('href')).toBe('/');
  });

  it('re-renders in another language when one is activated, without remounting', () => {
    render(<NotFoundPage />, { wrapper: MemoryRouter });
    const heading = screen.getByRole('heading', { name: 'Page not found' });
    act(() =>
      i18n.loadAndActivate({
        locale: 'de',
        messages: { [generateMessageId('Page not found')]: 'Seite nicht gefunden', [generateMessageId('Go to the Dashboard')]: 'Zum Dashboard' },
      }),
    );
    expect(heading.textContent).toBe('Seite nicht gefunden');
    expect(screen.getByRole('link', { name: 'Zum Dashboard' })).toBeTruthy();
    // Untranslated messages fall back to the English source.
    expect(screen.getByText(/We couldn’t find the page you were looking for/)).toBeTruthy();
  });
});
