import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { globalError } from '../../../lib/api';
import { json } from '../../../test/responses';
import { ContactPage } from './ContactPage';

// The ALTCHA widget is the browser's business (e2e/pages.spec.ts solves it for real); here it answers at once.
vi.mock('../../../components/Captcha', async () => (await import('../../../test/fake-captcha')).fakeCaptcha());

let answers: { status: Response; send: Response };
beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (_url, init) => (init?.method === 'POST' ? answers.send : answers.status)),
  );
  globalError.set(null);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function mount() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/contact']}>
        <ContactPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('ContactPage', () => {
  // Issue 31: the operator's setting (CONTACT_EMAIL) was shown to the people reading the page.
  it('says contact is not set up when CONTACT_EMAIL is not set, without the operator’s setting, and shows no form', async () => {
    answers = { status: json(200, { enabled: false }), send: json(500, {}) };
    mount();
    expect(await screen.findByText('Contact is not set up on this site, so it cannot take messages here.')).toBeTruthy();
    expect(screen.queryByText(/CONTACT_EMAIL/)).toBeNull();
    expect(screen.queryByRole('form', { name: 'Contact us' })).toBeNull();
  });

  it("shows the server's field errors beside their fields", async () => {
    answers = {
      status: json(200, { enabled: true }),
      send: json(400, { status: 400, message: 'Invalid body: name: must be on one line', code: 'VALIDATION', fields: [{ field: 'name', message: 'must be on one line' }] }),
    };
    mount();
    fireEvent.change(await screen.findByLabelText('Your name'), { target: { value: 'Ada' } });
    fireEvent.change(screen.getByLabelText('Your e-mail'), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Hello' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Your name must be on one line')).toBeTruthy();
    expect(screen.getByLabelText('Your name').getAttribute('aria-invalid')).toBe('true');
    // Said once, beside the field: not again above the form in the server's words (issue 31).
    expect(screen.queryByText(/Invalid body/)).toBeNull();
  });
});
