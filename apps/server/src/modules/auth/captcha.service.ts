import { createChallenge, randomInt, verifySolution, type Challenge, type Payload } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { createHmac } from 'node:crypto';
import { HttpError } from '../../infra/http/errors.js';
import type { AuthRepository } from './auth.repository.js';

export interface CaptchaSettings {
  /** Signs challenges (CAPTCHA_HMAC_KEY); every API node must share it. */
  hmacKey: string;
  /** The proof-of-work size (CAPTCHA_MAX_NUMBER): the solver's counter lies between half of it and it. */
  maxNumber: number;
}

/** How long a challenge may be solved and redeemed. */
export const CAPTCHA_TTL_MS = 10 * 60_000;

const rejected = (message: string) => new HttpError(400, message, 'CAPTCHA', [{ field: 'captcha', message: 'is not valid' }]);

/**
 * A self-hosted ALTCHA proof-of-work captcha (altcha-lib v2). The browser's `altcha` widget fetches a signed
 * challenge, finds the counter whose SHA-256 key starts with the challenge's prefix, and sends the solution as the
 * sign-up's `captcha`. A solution redeems its challenge once: the redemption is recorded in the database until the
 * challenge expires, so every API node refuses a replay.
 */
export class CaptchaService {
  private readonly keySignatureSecret: string;

  constructor(
    private readonly repository: AuthRepository,
    private readonly settings: CaptchaSettings,
    private readonly now: () => Date = () => new Date(),
  ) {
    // The derived-key signature lets verification skip re-hashing; its secret is derived from the one key.
    this.keySignatureSecret = createHmac('sha256', settings.hmacKey).update('altcha-derived-key').digest('hex');
  }

  /** GET /api/captcha/challenge: what the widget (v3) expects, { parameters, signature }. */
  challenge(): Promise<Challenge> {
    const max = this.settings.maxNumber;
    return createChallenge({
      algorithm: 'SHA-256',
      cost: 1,
      counter: randomInt(max, Math.ceil(max / 2)),
      deriveKey,
      expiresAt: new Date(this.now().getTime() + CAPTCHA_TTL_MS),
      hmacSignatureSecret: this.settings.hmacKey,
      hmacKeySignatureSecret: this.keySignatureSecret,
    });
  }

  /** Checks a solved payload (base64 JSON) and redeems its challenge; 400 CAPTCHA on anything else. */
  async verify(payload: string): Promise<void> {
    const parsed = parsePayload(payload);
    if (!parsed) throw rejected('The captcha answer is not readable. Solve it again.');
    let result: Awaited<ReturnType<typeof verifySolution>>;
    try {
      result = await verifySolution({
        challenge: parsed.challenge,
        solution: parsed.solution,
        deriveKey,
        hmacSignatureSecret: this.settings.hmacKey,
        hmacKeySignatureSecret: this.keySignatureSecret,
      });
    } catch {
      throw rejected('The captcha answer is not valid. Solve it again.');
    }
    if (result.expired) throw rejected('The captcha has expired. Solve it again.');
    const expiresAt = parsed.challenge.parameters.expiresAt;
    // Our challenges always expire; a signed one without an expiry is not ours to redeem forever.
    if (!result.verified || !expiresAt) throw rejected('The captcha answer is not valid. Solve it again.');
    const redeemed = await this.repository.redeemCaptcha(parsed.challenge.parameters.nonce, new Date(expiresAt * 1000), this.now());
    if (!redeemed) throw rejected('This captcha was used already. Solve a new one.');
  }
}

function parsePayload(payload: string): Payload | null {
  try {
    const value = JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as Payload;
    const p = value?.challenge?.parameters;
    if (!p || typeof p.nonce !== 'string' || typeof p.salt !== 'string' || typeof p.keyPrefix !== 'string') return null;
    if (!value.solution || typeof value.solution !== 'object') return null;
    return value;
  } catch {
    return null;
  }
}
