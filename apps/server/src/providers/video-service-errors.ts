import { HttpError } from '../infra/http/errors.js';

export type UnavailableReason = 'quota' | 'key-refused' | 'unavailable';

const CODES: Record<UnavailableReason, string> = {
  quota: 'VIDEO_SERVICE_QUOTA_EXHAUSTED',
  'key-refused': 'VIDEO_SERVICE_KEY_REFUSED',
  unavailable: 'VIDEO_SERVICE_UNAVAILABLE',
};

/**
 * The video service cannot be asked right now: the day's quota is spent, it refused our key, or it failed or did not
 * answer in time. A request that needed it gets a 503 with Retry-After and a message a person can act on; what the
 * database already holds keeps answering (decisions/015). Jobs see the same error and try again later.
 */
export class VideoServiceUnavailableError extends HttpError {
  constructor(
    readonly reason: UnavailableReason,
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(503, message, CODES[reason], undefined, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
    this.name = 'VideoServiceUnavailableError';
  }
}

/** For work that may go without the video service (it comes later): swallows its unavailability, rethrows the rest. */
export function ignoreUnavailable(error: unknown): void {
  if (!(error instanceof VideoServiceUnavailableError)) throw error;
}
