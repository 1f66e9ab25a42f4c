import type { MessagesResponse, SiteMessage } from '@sift/contracts';
import type { MessagesRepository, NewSiteMessage, SiteMessageRow } from './messages.repository.js';

const present = (row: SiteMessageRow): SiteMessage => ({
  id: row.id,
  text: row.text,
  linkUrl: row.linkUrl,
  linkText: row.linkText,
  ...(Object.keys(row.translations).length > 0 ? { translations: row.translations } : {}),
  dismissal: row.dismissal,
});

/** The message bar's content (SPEC §7 "Content and messages"), grouped by level for one page location. */
export class MessagesService {
  constructor(private readonly repository: MessagesRepository) {}

  async forPage(pageId: number, now = new Date()): Promise<MessagesResponse> {
    const rows = await this.repository.activeOnPage(pageId, now);
    const byLevel = (level: SiteMessageRow['level']) => rows.filter((r) => r.level === level).map(present);
    return { pageLocations: [{ pageId, info: byLevel('info'), warn: byLevel('warn'), system: byLevel('system') }] };
  }

  /** Adds the welcome message once, on a fresh database. */
  async seedWelcome(message: NewSiteMessage): Promise<void> {
    if ((await this.repository.count()) === 0) await this.repository.insert(message);
  }
}
