import { describe, expect, it } from 'vitest';
import { carryV, withoutV } from './url';

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
