import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import NotFoundPage from './NotFoundPage';

describe('NotFoundPage', () => {
  it('shows its texts (through Lingui, in English) and the way home', () => {
    render(<NotFoundPage />, { wrapper: MemoryRouter });
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByText(/We couldn’t find the page you were looking for/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the Dashboard' }).getAttribute('href')).toBe('/');
  });
});
