import type { ShareNetwork } from '../../lib/storage';

/**
 * The share networks of SPEC §3 and the address each documents for sharing a link. The order people see is the
 * `share_items` preference: the most recently used first (SPEC §3).
 */

export interface Network {
  id: ShareNetwork;
  name: string;
  /** The network's share address for `url`; `text` is the item's name where the network takes a text. */
  address: (url: string, text: string) => string;
}

const enc = encodeURIComponent;

export const NETWORKS: Record<ShareNetwork, Network> = {
  facebook: { id: 'facebook', name: 'Facebook', address: (url) => `https://www.facebook.com/sharer/sharer.php?u=${enc(url)}` },
  linkedin: { id: 'linkedin', name: 'LinkedIn', address: (url) => `https://www.linkedin.com/sharing/share-offsite/?url=${enc(url)}` },
  telegram: { id: 'telegram', name: 'Telegram', address: (url, text) => `https://t.me/share/url?url=${enc(url)}&text=${enc(text)}` },
  // X, formerly Twitter: its name and its own share address (the stored id stays `twitter`, SPEC §3's list).
  twitter: { id: 'twitter', name: 'X', address: (url, text) => `https://x.com/intent/post?url=${enc(url)}&text=${enc(text)}` },
  // WhatsApp takes one text: the name, then the link (which it turns into a preview).
  whatsapp: { id: 'whatsapp', name: 'WhatsApp', address: (url, text) => `https://api.whatsapp.com/send?text=${enc(text ? `${text} ${url}` : url)}` },
};

/** SPEC §3's list, the order before anything was used. */
export const DEFAULT_ORDER: readonly ShareNetwork[] = ['facebook', 'linkedin', 'telegram', 'twitter', 'whatsapp'];

const isNetwork = (value: unknown): value is ShareNetwork => typeof value === 'string' && Object.hasOwn(NETWORKS, value);

/**
 * Every network once, in the stored order, then those the stored list lacks in the default order. Whatever is not
 * a network is dropped: share item id '1' is treated as unset (SPEC §3), as is anything else stored by an older or
 * other version.
 */
export function orderNetworks(stored: unknown): ShareNetwork[] {
  const list = Array.isArray(stored) ? stored : [stored];
  const seen = new Set<ShareNetwork>(list.filter(isNetwork));
  return [...seen, ...DEFAULT_ORDER.filter((n) => !seen.has(n))];
}

/** The stored order after sharing on `network`: it comes first, the others keep their order. */
export function afterUse(stored: unknown, network: ShareNetwork): ShareNetwork[] {
  return [network, ...orderNetworks(stored).filter((n) => n !== network)];
}
