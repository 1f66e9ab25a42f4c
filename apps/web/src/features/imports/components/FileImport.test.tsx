import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { FileImport } from './FileImport';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

it('refuses a file over 20 MB before sending it, and says what to send instead', async () => {
  const fetch = vi.fn();
  vi.stubGlobal('fetch', fetch);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <FileImport />
    </QueryClientProvider>,
  );
  // Years of Takeout history as one HTML page (decisions/040): 25 MB.
  const page = new File(['<html></html>'], 'watch-history.html', { type: 'text/html' });
  Object.defineProperty(page, 'size', { value: 25 * 1024 * 1024 });
  fireEvent.change(screen.getByLabelText('File to import'), { target: { files: [page] } });
  fireEvent.click(screen.getByRole('button', { name: 'Import' }));
  expect((await screen.findByRole('alert')).textContent).toMatch(/larger than 20 MB\. Upload the Google Takeout \.zip as it was downloaded/);
  expect(fetch).not.toHaveBeenCalled();
});
