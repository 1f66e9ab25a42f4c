import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applyVideoMarks, hidesWatched } from './video-marks';

const card = (externalId: string, extra: object = {}) => ({ type: 'video', externalId, title: externalId, watched: false, position: null, ...extra });

/** Issue 30: a card's menu changes the card at once in every cached list, without asking for the pages again. */
describe('applyVideoMarks', () => {
  it('marks the card in every list that holds it and leaves the other cards as they were (same objects)', () => {
    const qc = new QueryClient();
    const other = card('b');
    qc.setQueryData(['feed', 'public', { limit: 50 }], { pages: [{ videos: [card('a'), other], next: null }], pageParams: [undefined] });
    qc.setQueryData(['videos', 'a'], card('a', { position: 40 }));
    applyVideoMarks(qc, 'a', { watched: true, position: null });
    const feed = qc.getQueryData<{ pages: { videos: ReturnType<typeof card>[] }[] }>(['feed', 'public', { limit: 50 }]);
    expect(feed?.pages[0]?.videos.map((v) => [v.externalId, v.watched])).toEqual([
      ['a', true],
      ['b', false],
    ]);
    expect(feed?.pages[0]?.videos[1]).toBe(other);
    expect(qc.getQueryData(['videos', 'a'])).toMatchObject({ watched: true, position: null });
  });

  it("carries the length the player knew beside the position, and a card's new value makes a new object", () => {
    const qc = new QueryClient();
    qc.setQueryData(['videos', 'a'], card('a', { position: 10, positionOf: 30 }));
    const before = qc.getQueryData(['videos', 'a']);
    applyVideoMarks(qc, 'a', { position: 10, positionOf: 30 });
    expect(qc.getQueryData(['videos', 'a'])).toBe(before);
    applyVideoMarks(qc, 'a', { position: 12, positionOf: 31 });
    expect(qc.getQueryData(['videos', 'a'])).toMatchObject({ position: 12, positionOf: 31 });
  });

  it('drops a watched or hidden card from lists read with hideWatched, and keeps it in the others', () => {
    const qc = new QueryClient();
    const hiding = ['sifts', 'videos', 'abc', { hideWatched: true }];
    const showing = ['sifts', 'videos', 'abc', { hideWatched: false }];
    for (const key of [hiding, showing]) qc.setQueryData(key, { pages: [{ videos: [card('a'), card('b')] }] });
    applyVideoMarks(qc, 'a', { watched: true });
    applyVideoMarks(qc, 'b', { hidden: true });
    expect(qc.getQueryData<{ pages: { videos: unknown[] }[] }>(hiding)?.pages[0]?.videos).toEqual([]);
    expect(qc.getQueryData<{ pages: { videos: { externalId: string }[] }[] }>(showing)?.pages[0]?.videos.map((v) => v.externalId)).toEqual(['a', 'b']);
  });

  it('knows a hiding list by its key', () => {
    expect(hidesWatched(['feed', 'personal', { subscriptionIds: [], hideWatched: true }])).toBe(true);
    expect(hidesWatched(['feed', 'personal', { subscriptionIds: [] }])).toBe(false);
  });
});
