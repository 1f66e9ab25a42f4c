import type { FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { hashToken } from '../../infra/security/tokens.js';
import { bearerToken } from '../auth/authenticate.js';
import type { FollowsStamp } from '../subscriptions/subscriptions.service.js';

/**
 * Reads a member's feed stamp while their session is still being checked, not after (decision 014): the two
 * round trips to the database overlap instead of following one another, which is most of an unchanged page's time.
 *
 * Whose feed a token read is remembered (by the token's hash) when a request with it passes `requireUser`; the next
 * request with that token starts the stamp of that member at once. The early read is used only when the session
 * check names the same member; otherwise (token ended, account switched) it is dropped and the stamp read again.
 */
export class StampPrefetch {
  private readonly readerOf = new LRUCache<string, number>({ max: 10_000 });
  private readonly started = new WeakMap<FastifyRequest, { userId: number; stamp: Promise<FollowsStamp> }>();

  constructor(private readonly read: (userId: number) => Promise<FollowsStamp>) {}

  /** For the route's onRequest hook: starts the stamp of the member the request's token last belonged to. */
  start(request: FastifyRequest): void {
    const token = bearerToken(request);
    const userId = token ? this.readerOf.get(hashToken(token)) : undefined;
    if (userId === undefined) return;
    const stamp = this.read(userId);
    // A read nobody takes (the session check failed) must not end as an unhandled rejection.
    stamp.catch(() => undefined);
    this.started.set(request, { userId, stamp });
  }

  /** In the handler, once `requireUser` confirmed the member: the stamp started early for them, or a new read. */
  take(request: FastifyRequest, member: { id: number; token: string }): Promise<FollowsStamp> {
    this.readerOf.set(hashToken(member.token), member.id);
    const early = this.started.get(request);
    return early?.userId === member.id ? early.stamp : this.read(member.id);
  }
}
