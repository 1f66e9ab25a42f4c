import type { ItemType } from '@sift/contracts';
import { to } from '../../lib/paths';

/** Where a result (or a recent search) opens: the item's own page. */
export function itemPath(item: { type: ItemType; externalId: string; id: number | string }): string {
  switch (item.type) {
    case 'video':
      return to.watch(item.externalId);
    case 'channel':
      return to.channel(item.externalId);
    case 'sift':
      return to.sift(item.externalId);
    case 'playlist':
      return to.playlist(item.id);
  }
}
