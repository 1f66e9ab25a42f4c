import { describe, expect, it } from 'vitest';
import { backgroundPath, carryV, watchBackground, watchState, withoutV } from './url';

describe('carryV', () => {
  it('adds the current v to a link without one', () => {
    expect(carryV('/channel/x', '?v=abc')).toBe('/channel/x?v=abc');
    expect(carryV('/search/main?st=cats', '?v=abc&p=1')).toBe('/search/main?st=cats&v=abc');
    expect(carryV('/about#team', '?v=abc')).toBe('/about?v=abc#team');
  });

  it('keeps a link that names its own v', () => {
    expect(carryV('/watch?v=new', '?v=old')).toBe('/watch?v=new');
  });

  it('changes nothing when there is no current v', () => {
    expect(carryV('/channel/x', '')).toBe('/channel/x');
    expect(carryV('/channel/x', '?st=1')).toBe('/channel/x');
  });
});

describe('withoutV', () => {
  it('removes v and keeps the rest', () => {
    expect(withoutV('/channel/x', '?v=abc')).toBe('/channel/x');
    expect(withoutV('/search/main', '?st=a&v=abc')).toBe('/search/main?st=a');
  });
});

describe('the page behind /watch', () => {
  const channel = { pathname: '/channel/UCx', search: '?v=old&sort=new', hash: '#top', state: null };
  it('a link to /watch from a page remembers that page, without its v', () => {
    expect(watchState('/watch?v=abc', channel)).toEqual({ watchBackground: { pathname: '/channel/UCx', search: '?sort=new', hash: '#top' } });
    expect(watchState('/sifts/x', channel)).toBeUndefined();
  });
  it('moving within /watch keeps the page it was opened over; a bare /watch has none', () => {
    const onWatch = { pathname: '/watch', search: '?v=abc', hash: '', state: watchState('/watch?v=abc', channel) };
    expect(watchState('/watch?v=def', onWatch)).toEqual(onWatch.state);
    expect(watchState('/watch?v=def', { ...onWatch, state: null })).toBeUndefined();
    expect(watchBackground({ watchBackground: { pathname: '/watch' } })).toBeNull();
  });
  it('returns to the page with or without the current video', () => {
    const bg = { pathname: '/channel/UCx', search: '?sort=new', hash: '#top' };
    expect(backgroundPath(bg, 'abc')).toBe('/channel/UCx?sort=new&v=abc#top');
    expect(backgroundPath(bg, null)).toBe('/channel/UCx?sort=new#top');
  });
});
