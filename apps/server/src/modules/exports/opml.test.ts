import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { renderSubscriptionsOpml, xmlText } from './opml.js';

const CHANNEL = 'UCabcdefghijklmnopqrstuv';

describe('xmlText', () => {
  it('keeps what XML can carry and puts one line of it', () => {
    expect(xmlText('Tom & Jerry <"x"> \'y\' — café 🎷')).toBe('Tom & Jerry <"x"> \'y\' — café 🎷');
    expect(xmlText('two\nlines\tand\u0007bell\u0000')).toBe('two lines and bell');
    expect(xmlText('lone \uD83D surrogate \uFFFF')).toBe('lone  surrogate');
  });
});

describe('renderSubscriptionsOpml', () => {
  it('writes a parsable OPML whose names survive escaping, and falls back to the id for an empty name', () => {
    const xml = renderSubscriptionsOpml(
      [
        { externalId: CHANNEL, name: 'A & B <c> "d"\u0001' },
        { externalId: 'UCzzzzzzzzzzzzzzzzzzzzzz', name: '\u0002' },
      ],
      { title: 'Sift subscriptions', dateCreated: new Date('2026-01-02T03:04:05Z') },
    );
    const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(xml) as {
      opml: { head: { dateCreated: string }; body: { outline: { outline: Array<Record<string, string>> } } };
    };
    expect(doc.opml.head.dateCreated).toBe('Fri, 02 Jan 2026 03:04:05 GMT');
    const [first, second] = doc.opml.body.outline.outline;
    expect(first).toMatchObject({ text: 'A & B <c> "d"', type: 'rss', xmlUrl: `https://www.youtube.com/feeds/videos.xml?channel_id=${CHANNEL}` });
    expect(second?.text).toBe('UCzzzzzzzzzzzzzzzzzzzzzz');
  });
});
