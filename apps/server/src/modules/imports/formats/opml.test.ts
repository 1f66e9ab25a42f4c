import { describe, expect, it } from 'vitest';
import { parseImportFile, SKIP_REASONS } from './index.js';
import { CHANNELS, importError, utf8 } from './test-support.js';

describe('OPML from a feed reader', () => {
  it('follows the YouTube channel feeds in every folder and sets other feeds aside', async () => {
    const opml = `<?xml version="1.0" encoding="utf-8"?>
<!-- Exported from a feed reader -->
<opml version="2.0">
  <head><title>Subscriptions</title></head>
  <body>
    <outline text="Blogs">
      <outline type="rss" text="Example blog" title="Example blog" xmlUrl="https://blog.example.com/feed.xml" htmlUrl="https://blog.example.com/"/>
    </outline>
    <outline text="YouTube">
      <outline text="Science">
        <outline type="rss" text="Veritasium" xmlUrl="https://www.youtube.com/feeds/videos.xml?channel_id=${CHANNELS.veritasium}"/>
      </outline>
      <outline type="rss" text="A playlist" xmlURL="https://www.youtube.com/feeds/videos.xml?playlist_id=PLrAXtmErZgOeiKm4sgNOknGvNjby9efdf"/>
      <outline type="rss" text="MKBHD" xmlurl="https://www.youtube.com/feeds/videos.xml?channel_id=${CHANNELS.mkbhd}"/>
    </outline>
    <outline type="rss" text="Veritasium again" xmlUrl="https://www.youtube.com/feeds/videos.xml?channel_id=${CHANNELS.veritasium}"/>
  </body>
</opml>`;
    const bundle = await parseImportFile(utf8(opml));
    expect(bundle.format).toBe('OPML');
    expect(bundle.channels).toEqual([
      { externalId: CHANNELS.veritasium, name: 'Veritasium' },
      { externalId: CHANNELS.mkbhd, name: 'MKBHD' },
    ]);
    expect(bundle.sifts).toEqual([]);
    expect(bundle.skipped).toEqual([
      { item: 'Example blog (https://blog.example.com/feed.xml)', reason: SKIP_REASONS.notYouTubeChannel },
      { item: 'A playlist (https://www.youtube.com/feeds/videos.xml?playlist_id=PLrAXtmErZgOeiKm4sgNOknGvNjby9efdf)', reason: SKIP_REASONS.notYouTubeChannel },
      { item: `Veritasium again (${CHANNELS.veritasium})`, reason: SKIP_REASONS.duplicate },
    ]);
  });

  it('reads a file in the encoding its XML declaration names (ISO-8859-1: "Küche" as the byte 0xFC)', async () => {
    const opml = `<?xml version="1.0" encoding="ISO-8859-1"?>
<opml version="1.1"><body><outline text="Küche &amp; Co" xmlUrl="https://www.youtube.com/feeds/videos.xml?channel_id=${CHANNELS.veritasium}"/></body></opml>`;
    const bundle = await parseImportFile(new Uint8Array(Buffer.from(opml, 'latin1')));
    expect(bundle).toMatchObject({ format: 'OPML', channels: [{ externalId: CHANNELS.veritasium, name: 'Küche & Co' }], skipped: [] });
  });

  it('calls broken XML damaged, and refuses entity declarations', async () => {
    await importError(parseImportFile(utf8('<opml version="1.0"><body><outline text="x"></body></opml>')), 'IMPORT_FILE_INVALID');
    const entities = '<?xml version="1.0"?><!DOCTYPE opml [<!ENTITY a "aaaaaaaaaa">]><opml version="1.0"><body><outline text="&a;"/></body></opml>';
    await importError(parseImportFile(utf8(entities)), 'IMPORT_FILE_INVALID');
  });

  it('reads folders nested far deeper than the XML parser allows by default', async () => {
    const nested = (depth: number) =>
      `<opml version="2.0"><body>${'<outline text="Folder">'.repeat(depth)}<outline type="rss" text="Deep" xmlUrl="https://www.youtube.com/feeds/videos.xml?channel_id=${CHANNELS.veritasium}"/>${'</outline>'.repeat(depth)}</body></opml>`;
    expect((await parseImportFile(utf8(nested(150)))).channels).toEqual([{ externalId: CHANNELS.veritasium, name: 'Deep' }]);
    await importError(parseImportFile(utf8(nested(1_200))), 'IMPORT_FILE_INVALID');
  });

  it('calls names the parser refuses (__proto__, constructor) damaged, as the validator does not', async () => {
    const feed = `xmlUrl="https://www.youtube.com/feeds/videos.xml?channel_id=${CHANNELS.veritasium}"`;
    await importError(parseImportFile(utf8(`<opml version="2.0"><body><outline __proto__="x" ${feed}/></body></opml>`)), 'IMPORT_FILE_INVALID');
    await importError(parseImportFile(utf8(`<opml version="2.0"><body><constructor/><outline ${feed}/></body></opml>`)), 'IMPORT_FILE_INVALID');
  });
});
