import { describe, expect, it } from 'vitest';
import { createPreferenceStore } from '../../lib/storage';
import { afterUse, DEFAULT_ORDER, NETWORKS, orderNetworks } from './networks';

describe('share networks, most recently used first (SPEC §3 share_items)', () => {
  it('starts with SPEC §3 order: facebook, linkedin, telegram, twitter, whatsapp', () => {
    expect(orderNetworks(undefined)).toEqual(['facebook', 'linkedin', 'telegram', 'twitter', 'whatsapp']);
    expect(orderNetworks([])).toEqual(DEFAULT_ORDER);
  });

  it("treats share item id '1' (and anything that is no network) as unset", () => {
    expect(orderNetworks('1')).toEqual(DEFAULT_ORDER);
    expect(orderNetworks(['1'])).toEqual(DEFAULT_ORDER);
    expect(orderNetworks(1)).toEqual(DEFAULT_ORDER);
    expect(orderNetworks(['1', 'telegram', 'myspace', null, 'toString'])).toEqual(['telegram', 'facebook', 'linkedin', 'twitter', 'whatsapp']);
  });

  it('moves the network just used first and keeps the others in their order', () => {
    const once = afterUse(undefined, 'twitter');
    expect(once).toEqual(['twitter', 'facebook', 'linkedin', 'telegram', 'whatsapp']);
    const twice = afterUse(once, 'whatsapp');
    expect(twice).toEqual(['whatsapp', 'twitter', 'facebook', 'linkedin', 'telegram']);
    expect(afterUse(twice, 'whatsapp')).toEqual(twice);
    expect(afterUse('1', 'linkedin')).toEqual(['linkedin', 'facebook', 'telegram', 'twitter', 'whatsapp']);
  });

  it('lists every network once, even from a stored list with repeats', () => {
    expect(orderNetworks(['twitter', 'twitter', 'facebook'])).toEqual(['twitter', 'facebook', 'linkedin', 'telegram', 'whatsapp']);
  });

  it('survives the preference store: a stored "1" reads as the default order', () => {
    const backend = new Map<string, string>();
    const storage = { getItem: (k: string) => backend.get(k) ?? null, setItem: (k: string, v: string) => void backend.set(k, v), removeItem: (k: string) => void backend.delete(k) } as Storage;
    const store = createPreferenceStore(() => storage);
    backend.set('sift.share_items', '"1"');
    expect(orderNetworks(store.get('share_items'))).toEqual(DEFAULT_ORDER);
    store.set('share_items', afterUse(store.get('share_items'), 'telegram'));
    expect(orderNetworks(store.get('share_items'))[0]).toBe('telegram');
  });

  it('calls the network that was Twitter by its name now, X (issue 31)', () => {
    expect(NETWORKS.twitter.name).toBe('X');
  });

  it("opens each network's documented share address with the link (and the name where it takes a text)", () => {
    const url = 'https://sift.example/sifts/ab12?x=1&y=2';
    const text = 'Bread & "butter"';
    expect(NETWORKS.facebook.address(url, text)).toBe('https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fsift.example%2Fsifts%2Fab12%3Fx%3D1%26y%3D2');
    expect(NETWORKS.linkedin.address(url, text)).toBe('https://www.linkedin.com/sharing/share-offsite/?url=https%3A%2F%2Fsift.example%2Fsifts%2Fab12%3Fx%3D1%26y%3D2');
    const telegram = new URL(NETWORKS.telegram.address(url, text));
    expect([telegram.origin + telegram.pathname, telegram.searchParams.get('url'), telegram.searchParams.get('text')]).toEqual(['https://t.me/share/url', url, text]);
    const x = new URL(NETWORKS.twitter.address(url, text));
    expect([x.origin + x.pathname, x.searchParams.get('url'), x.searchParams.get('text')]).toEqual(['https://x.com/intent/post', url, text]);
    const whatsapp = new URL(NETWORKS.whatsapp.address(url, text));
    expect([whatsapp.origin + whatsapp.pathname, whatsapp.searchParams.get('text')]).toEqual(['https://api.whatsapp.com/send', `${text} ${url}`]);
  });
});
