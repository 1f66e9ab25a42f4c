import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PREFERENCE_DEFAULTS, STORAGE_PREFIX, createPreferenceStore } from './storage';

function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (k) => map.get(k) ?? null,
    key: (i) => Array.from(map.keys())[i] ?? null,
    removeItem: (k) => void map.delete(k),
    setItem: (k, v) => void map.set(k, String(v)),
  };
}

describe('preferences', () => {
  let backend: Storage;
  beforeEach(() => {
    backend = memoryStorage();
  });
  const store = () => createPreferenceStore(() => backend);

  it('uses the fixed sift. prefix and JSON values', () => {
    expect(STORAGE_PREFIX).toBe('sift.');
    store().set('gridType', 'grid');
    expect(backend.getItem('sift.gridType')).toBe('"grid"');
    store().set('currentVideoVolume', 40);
    expect(backend.getItem('sift.currentVideoVolume')).toBe('40');
    expect(backend.getItem('gridType')).toBeNull();
  });

  it('gives the SPEC §3 defaults when nothing is stored', () => {
    const s = store();
    expect(s.get('gridType')).toBe('list');
    expect(s.get('sidemenu_opened')).toBe(true);
    expect(s.get('showOpenNonEmbeddableVideoMessage')).toBe(true);
    expect(s.get('currentVideoVolume')).toBe(100);
    expect(s.get('token')).toBeNull();
  });

  it('reads back what it wrote', () => {
    const s = store();
    s.set('sidemenu_opened', false);
    s.set('share_items', ['whatsapp', 'facebook']);
    expect(s.get('sidemenu_opened')).toBe(false);
    expect(s.get('share_items')).toEqual(['whatsapp', 'facebook']);
  });

  it('falls back to the default on corrupt JSON', () => {
    backend.setItem('sift.gridType', '{not json');
    backend.setItem('sift.currentVideoVolume', 'NaN');
    expect(store().get('gridType')).toBe('list');
    expect(store().get('currentVideoVolume')).toBe(100);
  });

  it('falls back to the default on a value of the wrong type or range', () => {
    backend.setItem('sift.gridType', '"mosaic"');
    backend.setItem('sift.sidemenu_opened', '"yes"');
    backend.setItem('sift.currentVideoVolume', '250');
    backend.setItem('sift.share_items', '{"a":1}');
    backend.setItem('sift.toolTips', '{"player":"yes"}');
    backend.setItem('sift.recheck_tooltips', '-1');
    const s = store();
    expect(s.get('gridType')).toBe('list');
    expect(s.get('sidemenu_opened')).toBe(true);
    expect(s.get('currentVideoVolume')).toBe(100);
    expect(s.get('share_items')).toEqual(PREFERENCE_DEFAULTS.share_items);
    expect(s.get('toolTips')).toEqual({});
    expect(s.get('recheck_tooltips')).toBe(0);
  });

  it('survives a storage that throws', () => {
    const throwing = createPreferenceStore(() => {
      throw new Error('SecurityError');
    });
    expect(throwing.get('gridType')).toBe('list');
    expect(() => throwing.set('gridType', 'grid')).not.toThrow();
  });

  it('hands out copies of default objects', () => {
    const s = store();
    s.get('share_items').push('telegram');
    expect(s.get('share_items')).toEqual(PREFERENCE_DEFAULTS.share_items);
  });

  it('tells subscribers about changes and removals', () => {
    const s = store();
    const listener = vi.fn();
    const off = s.subscribe(listener);
    s.set('gridType', 'grid');
    s.remove('gridType');
    expect(listener).toHaveBeenNthCalledWith(1, 'gridType');
    expect(listener).toHaveBeenCalledTimes(2);
    expect(s.get('gridType')).toBe('list');
    off();
    s.set('gridType', 'grid');
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
