import { useQuery } from '@tanstack/react-query';
import type { ContactStatus } from '@sift/contracts';
import { api } from '../../../lib/api';

export interface ContactInput {
  name: string;
  email: string;
  message: string;
  captcha: string;
}

export const contactKeys = { status: ['contact', 'status'] as const };

/** GET /api/contact: whether this instance takes messages (its operator set CONTACT_EMAIL). */
export function useContactStatus() {
  return useQuery({
    queryKey: contactKeys.status,
    queryFn: ({ signal }) => api.get<ContactStatus>('/api/contact', { signal, quiet: true }),
    staleTime: Infinity,
  });
}

/** POST /api/contact: the message goes to the operator by mail, Reply-To the sender. */
export const sendContactMessage = (input: ContactInput) => api.post<{ sent: true }>('/api/contact', input);
