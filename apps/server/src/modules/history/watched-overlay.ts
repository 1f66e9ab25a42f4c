import type { Video } from '@sift/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { EncodedJson, sendJson } from '../../infra/http/send-json.js';
import type { HistoryService } from './history.service.js';

/**
 * A card as presentVideo writes it, up to its marks: `watched` and `position` come right after `id` (decisions/039).
 * Nothing inside a JSON string can look like this (its quotes would be escaped), so only cards match.
 */
const CARD_MARKS = /\{"type":"video","id":(\d+),"watched":false,"position":null/g;

/**
 * Lays a member's marks (watched, position) over the cards of a page after it is read (issue 30, decisions/039).
 * Pages stay shared and cached as every visitor sees them (decision 014); a member's page costs one more statement
 * (their rows of the page's ≤ 100 ids) and, only when some card has a mark, its JSON patched and compressed again.
 * Every route that sends cards to a member goes through `send` (encoded pages) or `videos` (objects).
 */
export class WatchedOverlay {
  constructor(private readonly history: Pick<HistoryService, 'marks'>) {}

  /** sendJson, with the caller's marks on the page's cards when the caller is a member. */
  async send(request: FastifyRequest, reply: FastifyReply, body: EncodedJson): Promise<FastifyReply> {
    return sendJson(request, reply, request.user ? await this.encoded(request.user.id, body) : body);
  }

  async encoded(userId: number, body: EncodedJson): Promise<EncodedJson> {
    const json = body.json;
    const ids = [...new Set(Array.from(json.matchAll(CARD_MARKS), (m) => Number(m[1])))];
    if (ids.length === 0) return body;
    const marks = await this.history.marks(userId, ids);
    if (marks.size === 0) return body;
    return EncodedJson.of(
      json.replace(CARD_MARKS, (card: string, id: string) => {
        const mark = marks.get(Number(id));
        if (!mark) return card;
        // positionOf goes in after position: what follows in the card is its next field or its end.
        const of = mark.positionOf === null ? '' : `,"positionOf":${mark.positionOf}`;
        return `{"type":"video","id":${id},"watched":${mark.watched},"position":${mark.position ?? 'null'}${of}`;
      }),
    );
  }

  /** Cards as objects (a playlist's page), marked for a member; a visitor's are left as they are. */
  async videos<T extends Video>(userId: number | undefined, videos: T[]): Promise<T[]> {
    if (userId === undefined || videos.length === 0) return videos;
    const marks = await this.history.marks(userId, videos.map((v) => v.id));
    if (marks.size === 0) return videos;
    return videos.map((v) => {
      const mark = marks.get(v.id);
      return mark ? { ...v, watched: mark.watched, position: mark.position, ...(mark.positionOf === null ? {} : { positionOf: mark.positionOf }) } : v;
    });
  }
}
