import { describe, expect, it } from 'vitest';
import { DEMO_TOPICS } from './catalog.js';
import { escapeXml, hslToHex, renderDemoImage, type DemoImageKind } from './images.js';

const thumbnail = (fileName: string, query: string): string | null =>
  renderDemoImage('thumbnails', fileName, new URLSearchParams(query));
const avatar = (fileName: string, query: string): string | null =>
  renderDemoImage('avatars', fileName, new URLSearchParams(query));

/**
 * Well-formedness without an XML parser in the node test environment: elements nest and close, attribute values
 * are quoted, and every ampersand starts an entity.
 */
function expectWellFormedSvg(svg: string): void {
  expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
  expect(svg.endsWith('</svg>')).toBe(true);
  const open: string[] = [];
  for (const [tag, closing, name, , selfClosing] of svg.matchAll(/<(\/?)([a-zA-Z]+)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>/g)) {
    if (closing) expect(open.pop(), tag).toBe(name);
    else if (!selfClosing) open.push(name ?? '');
  }
  expect(open).toEqual([]);
  expect(svg.replace(/<[^>]*>/g, '')).not.toMatch(/[<>]/);
  expect(svg).not.toMatch(/&(?!(amp|lt|gt|quot|apos);)/);
}

describe('renderDemoImage: thumbnails', () => {
  const svg = thumbnail('dQw4w9WgXcQ.svg', 'h=210&t=1&l=Black+Holes');

  it('draws a 16:9 SVG under 2 KB with the label', () => {
    expect(svg).not.toBeNull();
    if (svg === null) return;
    expectWellFormedSvg(svg);
    expect(svg).toContain('viewBox="0 0 480 270"');
    expect(svg).toContain('>Black Holes</text>');
    expect(Buffer.byteLength(svg)).toBeLessThan(2048);
  });

  it('has a glyph for every topic and stays small for the longest labels', () => {
    for (let topic = 0; topic < DEMO_TOPICS.length; topic++) {
      const longest = thumbnail('abc.svg', `h=359&t=${topic}&l=${encodeURIComponent('Noise Cancelling Headphones 123')}`);
      expect(longest).not.toBeNull();
      expectWellFormedSvg(longest ?? '');
      expect(Buffer.byteLength(longest ?? '')).toBeLessThan(2048);
    }
  });

  it('draws without a label, and the same input always gives the same image', () => {
    expect(thumbnail('abc.svg', 'h=0&t=0')).toContain('viewBox');
    expect(thumbnail('abc.svg', 'h=10&t=2&l=X')).toBe(thumbnail('abc.svg', 'h=10&t=2&l=X'));
    expect(thumbnail('abc.svg', 'h=10&t=2&l=X')).not.toBe(thumbnail('abd.svg', 'h=10&t=2&l=X'));
  });

  it('escapes the label', () => {
    const escaped = thumbnail('abc.svg', `h=20&t=0&l=${encodeURIComponent("Salt & Pepper's")}`);
    expect(escaped).toContain('>Salt &amp; Pepper&apos;s</text>');
    expectWellFormedSvg(escaped ?? '');
  });

  it('accepts accented labels', () => {
    expect(thumbnail('abc.svg', `h=20&t=4&l=${encodeURIComponent('Bogotá')}`)).toContain('>Bogotá</text>');
  });

  it.each([
    ['a missing hue', 'abc.svg', 't=0'],
    ['a hue of 360', 'abc.svg', 'h=360&t=0'],
    ['a negative hue', 'abc.svg', 'h=-1&t=0'],
    ['a fractional hue', 'abc.svg', 'h=1.5&t=0'],
    ['a zero-padded hue', 'abc.svg', 'h=007&t=0'],
    ['a padded hue', 'abc.svg', 'h=+7&t=0'],
    ['a repeated hue', 'abc.svg', 'h=1&h=2&t=0'],
    ['a missing topic', 'abc.svg', 'h=1'],
    ['an unknown topic', 'abc.svg', `h=1&t=${DEMO_TOPICS.length}`],
    ['a markup label', 'abc.svg', `h=1&t=0&l=${encodeURIComponent('<script>alert(1)</script>')}`],
    ['a quote in the label', 'abc.svg', `h=1&t=0&l=${encodeURIComponent('a"b')}`],
    ['an over-long label', 'abc.svg', `h=1&t=0&l=${'x'.repeat(33)}`],
    ['an empty label', 'abc.svg', 'h=1&t=0&l='],
    ['a label with outer spaces', 'abc.svg', 'h=1&t=0&l=a+'],
    ['another extension', 'abc.png', 'h=1&t=0'],
    ['no extension', 'abc', 'h=1&t=0'],
    ['a path in the name', '../abc.svg', 'h=1&t=0'],
    ['an over-long name', `${'a'.repeat(65)}.svg`, 'h=1&t=0'],
    ['an empty name', '.svg', 'h=1&t=0'],
  ])('refuses %s', (_reason, fileName, query) => {
    expect(thumbnail(fileName, query)).toBeNull();
  });

  it('ignores parameters it does not know, so cache-busting suffixes work', () => {
    expect(thumbnail('abc.svg', 'h=1&t=0&v=2')).toBe(thumbnail('abc.svg', 'h=1&t=0'));
  });
});

describe('renderDemoImage: avatars', () => {
  it('draws an 88x88 SVG with the initials', () => {
    const svg = avatar('UCabcdefghijklmnopqrstuv.svg', 'h=120&i=MZ');
    expect(svg).not.toBeNull();
    expectWellFormedSvg(svg ?? '');
    expect(svg).toContain('viewBox="0 0 88 88"');
    expect(svg).toContain('>MZ</text>');
    expect(Buffer.byteLength(svg ?? '')).toBeLessThan(2048);
  });

  it('accepts one letter, a digit or an accented letter', () => {
    expect(avatar('UCx.svg', 'h=1&i=S')).toContain('>S</text>');
    expect(avatar('UCx.svg', 'h=1&i=3D')).toContain('>3D</text>');
    expect(avatar('UCx.svg', `h=1&i=${encodeURIComponent('ÉK')}`)).toContain('>ÉK</text>');
  });

  it.each([
    ['missing initials', 'h=1'],
    ['empty initials', 'h=1&i='],
    ['three letters', 'h=1&i=ABC'],
    ['markup', `h=1&i=${encodeURIComponent('<')}`],
    ['an ampersand', `h=1&i=${encodeURIComponent('A&')}`],
    ['a space', 'h=1&i=A+'],
    ['a missing hue', 'i=AB'],
    ['repeated initials', 'h=1&i=A&i=B'],
  ])('refuses %s', (_reason, query) => {
    expect(avatar('UCx.svg', query)).toBeNull();
  });
});

describe('renderDemoImage: kinds', () => {
  it('refuses a kind it does not draw (the route passes any path segment)', () => {
    expect(renderDemoImage('clips' as DemoImageKind, 'abc.svg', new URLSearchParams('h=1&t=0&i=A'))).toBeNull();
  });
});

describe('escapeXml', () => {
  it('escapes the five XML special characters', () => {
    expect(escapeXml(`<a href="x">Tom & Jerry's</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&apos;s&lt;/a&gt;',
    );
  });
});

describe('hslToHex', () => {
  it('converts primary and grey colours', () => {
    expect(hslToHex(0, 100, 50)).toBe('#ff0000');
    expect(hslToHex(120, 100, 50)).toBe('#00ff00');
    expect(hslToHex(240, 100, 50)).toBe('#0000ff');
    expect(hslToHex(0, 0, 100)).toBe('#ffffff');
    expect(hslToHex(200, 0, 0)).toBe('#000000');
  });
});
