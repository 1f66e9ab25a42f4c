import type { YouTubeSettings } from '../../config.js';
import type { Database } from '../../infra/db/client.js';
import { ProviderStateRepository } from '../provider-state.repository.js';
import { YouTubeDataApi } from './data-api.js';
import { QuotaLedger } from './quota.js';
import { YouTubeProvider } from './youtube-provider.js';

/** A Data API call or a feed read that takes longer than this answers 503: no request waits on YouTube for long. */
export const YOUTUBE_TIMEOUT_MS = 8_000;

export interface YouTubeLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** The YouTube provider on its settings, counting quota and keeping search answers in this database. */
export function createYouTubeProvider(settings: YouTubeSettings, db: Database, log: YouTubeLog, options: { timeoutMs?: number } = {}): YouTubeProvider {
  const state = new ProviderStateRepository(db);
  const ledger = new QuotaLedger(state, { provider: 'youtube', dailyBudget: settings.quotaPerDay });
  const timeoutMs = options.timeoutMs ?? YOUTUBE_TIMEOUT_MS;
  const api = new YouTubeDataApi({ apiKey: settings.apiKey, apiUrl: settings.apiUrl, ledger, timeoutMs, log });
  return new YouTubeProvider({ api, ledger, kept: state, feedsUrl: settings.feedsUrl, region: settings.region, timeoutMs });
}

export { YouTubeProvider } from './youtube-provider.js';
export { QuotaLedger, quotaDay, nextQuotaReset } from './quota.js';
