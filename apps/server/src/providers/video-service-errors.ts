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

/** A job whose service call failed (5xx, timeout) tries again after these pauses; a spent quota or refused key does not. */
const RETRY_PAUSES_MS = [2_000, 10_000];

/** Runs a job's work again with backoff while the video service fails for a passing reason. */
export async function withRetries<T>(work: () => Promise<T>, pauses: readonly number[] = RETRY_PAUSES_MS): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      const passing = error instanceof VideoServiceUnavailableError && error.reason === 'unavailable';
      if (!passing || attempt >= pauses.length) throw error;
      await new Promise((resolve) => setTimeout(resolve, pauses[attempt]));
    }
  }
}
