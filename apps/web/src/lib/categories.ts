import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * SPEC's sift categories by id (migration 0004): GET /api/sifts/categories and GET /api/channels/popular name them in
 * English only. A sift's category, and a channel's (the onboarding's popular channels), in the reader's language.
 */
const CATEGORY_NAMES: Record<string, MessageDescriptor> = {
  news: msg({ message: 'News', context: 'sift category' }),
  technology: msg({ message: 'Technology', context: 'sift category' }),
  science: msg({ message: 'Science', context: 'sift category' }),
  education: msg({ message: 'Education', context: 'sift category' }),
  music: msg({ message: 'Music', context: 'sift category' }),
  gaming: msg({ message: 'Gaming', context: 'sift category' }),
  sports: msg({ message: 'Sports', context: 'sift category' }),
  entertainment: msg({ message: 'Entertainment', context: 'sift category' }),
  comedy: msg({ message: 'Comedy', context: 'sift category' }),
  food: msg({ message: 'Food & cooking', context: 'sift category' }),
  travel: msg({ message: 'Travel', context: 'sift category' }),
  health: msg({ message: 'Health & fitness', context: 'sift category' }),
  business: msg({ message: 'Business & finance', context: 'sift category' }),
  arts: msg({ message: 'Arts & design', context: 'sift category' }),
  diy: msg({ message: 'DIY & crafts', context: 'sift category' }),
  nature: msg({ message: 'Nature & animals', context: 'sift category' }),
  other: msg({ message: 'Other', context: 'sift category' }),
};

/** A category's name in the reader's language; one this app does not know by its id keeps the server's name. */
export function categoryName(i18n: I18n, id: string, serverName: string): string {
  const known = CATEGORY_NAMES[id];
  return known ? i18n._(known) : serverName;
}
