import { forwardRef, useImperativeHandle } from 'react';
import type { CaptchaHandle } from '../components/Captcha';

/**
 * components/Captcha as a form's test mocks it: the ALTCHA widget is the browser's business (e2e solves it for real);
 * here it answers `answer.payload` at once (read when asked, so a test may change it) and shows the error it is given.
 * `vi.mock('…/components/Captcha', async () => (await import('…/test/fake-captcha')).fakeCaptcha(answer))`.
 */
export function fakeCaptcha(answer: { payload: string | null; reset: () => void } = { payload: 'solved', reset: () => {} }) {
  return {
    Captcha: forwardRef<CaptchaHandle, { error?: string | null }>(function FakeCaptcha({ error }, ref) {
      useImperativeHandle(ref, () => ({ getPayload: () => Promise.resolve(answer.payload), reset: answer.reset }));
      return <div data-testid="captcha">{error}</div>;
    }),
  };
}
