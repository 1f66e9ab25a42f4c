import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { parseImportFile, SKIP_REASONS } from './index.js';
import { CHANNELS, VIDEOS, importError, utf8 } from './test-support.js';

const crlf = (...lines: string[]): string => lines.join('\r\n') + '\r\n';
const utf16le = (text: string): Uint8Array => new Uint8Array(Buffer.from(text, 'utf16le'));
/** UTF-16 BE: the LE bytes with each pair swapped. */
const utf16be = (text: string): Uint8Array => new Uint8Array(Buffer.from(text, 'utf16le').swap16());

describe('Takeout subscriptions.csv', () => {
  it('reads a German file (BOM, CRLF, localised header, quoted commas) by column position', async () => {
    const csv =
      '\uFEFF' +
      crlf(
        'Kanal-ID,Kanal-URL,Kanaltitel',
        `${CHANNELS.kurzgesagt},http://www.youtube.com/channel/${CHANNELS.kurzgesagt},Kurzgesagt – In a Nutshell`,
        `${CHANNELS.vsauce},http://www.youtube.com/channel/${CHANNELS.vsauce},"Vsauce, mit ""Michael"""`,
        `${CHANNELS.kurzgesagt},http://www.youtube.com/channel/${CHANNELS.kurzgesagt},Kurzgesagt – In a Nutshell`,
        'UCkaputt,http://www.youtube.com/channel/UCkaputt,Kaputt',
        '',
      );
    const bundle = await parseImportFile(utf8(csv));
    expect(bundle.format).toBe('TAKEOUT_CSV');
    expect(bundle.channels).toEqual([
      { externalId: CHANNELS.kurzgesagt, name: 'Kurzgesagt – In a Nutshell' },
      { externalId: CHANNELS.vsauce, name: 'Vsauce, mit "Michael"' },
    ]);
    expect(bundle.skipped).toEqual([
      { item: `Kurzgesagt – In a Nutshell (${CHANNELS.kurzgesagt})`, reason: SKIP_REASONS.duplicate },
      { item: 'Kaputt (UCkaputt)', reason: SKIP_REASONS.badId },
    ]);
    expect(bundle.playlists).toEqual([]);
  });

  it('reads a French file with the same columns', async () => {
    const csv = crlf(
      'ID des chaînes,URL des chaînes,Titres des chaînes',
      `${CHANNELS.veritasium},http://www.youtube.com/channel/${CHANNELS.veritasium},Veritasium`,
      `${CHANNELS.mkbhd},http://www.youtube.com/channel/${CHANNELS.mkbhd},"Marques Brownlee, MKBHD"`,
    );
    const bundle = await parseImportFile(utf8(csv));
    expect(bundle.channels.map((channel) => channel.name)).toEqual(['Veritasium', 'Marques Brownlee, MKBHD']);
  });

  it('finds the columns by what they hold and by their header, in any order and beside others', async () => {
    const row = (id: string, title: string) => ({ id, url: `http://www.youtube.com/channel/${id}`, title });
    const rows = [row(CHANNELS.veritasium, 'Veritasium'), row(CHANNELS.mkbhd, 'Marques Brownlee, MKBHD')];
    const titleFirst = crlf('Channel Title,Channel Id,Channel Url', ...rows.map((r) => `"${r.title}",${r.id},${r.url}`));
    const urlFirst = crlf('Channel Url,Notes,Channel Id,Channel Title', ...rows.map((r) => `${r.url},seen 2024,${r.id},"${r.title}"`));
    const noId = crlf('URL,Name', ...rows.map((r) => `${r.url},"${r.title}"`));
    for (const csv of [titleFirst, urlFirst, noId]) {
      const bundle = await parseImportFile(utf8(csv));
      expect(bundle).toMatchObject({ format: 'TAKEOUT_CSV', skipped: [] });
      expect(bundle.channels).toEqual(rows.map((r) => ({ externalId: r.id, name: r.title })));
    }
  });

  it('sets a damaged first row aside instead of refusing the file, with a header or without', async () => {
    const good = [CHANNELS.veritasium, CHANNELS.mkbhd, CHANNELS.vsauce].map((id) => `${id},http://www.youtube.com/channel/${id},Channel ${id.slice(-3)}`);
    const bad = 'UCdeleted,http://www.youtube.com/channel/UCdeleted,Deleted';
    for (const csv of [crlf('Channel Id,Channel Url,Channel Title', bad, ...good), crlf(bad, ...good)]) {
      const bundle = await parseImportFile(utf8(csv));
      expect(bundle.channels.map((c) => c.externalId)).toEqual([CHANNELS.veritasium, CHANNELS.mkbhd, CHANNELS.vsauce]);
      expect(bundle.skipped).toEqual([{ item: 'Deleted (UCdeleted)', reason: SKIP_REASONS.badId }]);
    }
  });

  it('calls a file that names channels but cannot be read (a quote never closed) damaged, saying where', async () => {
    const csv = crlf('Channel Id,Channel Url,Channel Title', `${CHANNELS.veritasium},http://www.youtube.com/channel/${CHANNELS.veritasium},"Veritasium`, `${CHANNELS.mkbhd},http://www.youtube.com/channel/${CHANNELS.mkbhd},MKBHD`);
    const error = await importError(parseImportFile(utf8(csv)), 'IMPORT_FILE_INVALID');
    expect(error.message).toMatch(/^This CSV file names YouTube channels or videos but is damaged \(.*line 2.*\)\./);
    // Text that names nothing of YouTube stays "not an export".
    await importError(parseImportFile(utf8('a,b\n"c,d\n')), 'IMPORT_FORMAT_UNKNOWN');
  });

  it('drops a stray NUL byte in a title instead of calling the file binary', async () => {
    const csv = crlf('Channel Id,Channel Url,Channel Title', `${CHANNELS.veritasium},http://www.youtube.com/channel/${CHANNELS.veritasium},Veri\u0000tasium`);
    expect((await parseImportFile(utf8(csv))).channels).toEqual([{ externalId: CHANNELS.veritasium, name: 'Veritasium' }]);
  });

  it('takes a header-only file as no subscriptions rather than an unknown file', async () => {
    const bundle = await parseImportFile(utf8('Channel Id,Channel Url,Channel Title\n'));
    expect(bundle).toMatchObject({ format: 'TAKEOUT_CSV', channels: [], playlists: [], skipped: [] });
  });
});

describe('Takeout playlist CSVs', () => {
  it('names a lone current-layout videos file "Imported playlist", videos in order, duplicates out', async () => {
    const csv = crlf(
      'ID de la vidéo,Horodatage de création de la vidéo de la playlist',
      `${VIDEOS.zoo},2023-04-01T10:00:00+00:00`,
      `${VIDEOS.rickroll},2023-04-02T10:00:00+00:00`,
      `${VIDEOS.zoo},2023-04-03T10:00:00+00:00`,
      'pas-un-id,2023-04-04T10:00:00+00:00',
    );
    const bundle = await parseImportFile(utf8(csv));
    expect(bundle.format).toBe('TAKEOUT_CSV');
    expect(bundle.playlists).toEqual([{ name: 'Imported playlist', videos: [{ externalId: VIDEOS.zoo }, { externalId: VIDEOS.rickroll }] }]);
    expect(bundle.skipped).toEqual([
      { item: `${VIDEOS.zoo} in playlist "Imported playlist"`, reason: SKIP_REASONS.duplicate },
      { item: 'pas-un-id in playlist "Imported playlist"', reason: SKIP_REASONS.badId },
    ]);
  });

  it('reads the older one-file layout: title, description and visibility from its header block', async () => {
    const csv = crlf(
      'Playlist Id,Channel Id,Time Created,Time Updated,Title,Description,Visibility',
      `PLFgquLnL59alCl_2TQvOiD5Vgm1hCaGSI,${CHANNELS.mkbhd},2019-03-10 18:08:29 UTC,2020-01-02 09:00:00 UTC,Road trip,"Songs, mostly",Public`,
      '',
      'Video Id,Time Added',
      // Older Takeouts pad the id with spaces.
      `${VIDEOS.despacito}  ,2019-03-10 18:08:29 UTC`,
      `${VIDEOS.gangnam}  ,2019-03-11 18:08:29 UTC`,
    );
    const bundle = await parseImportFile(utf8(csv));
    expect(bundle.playlists).toEqual([
      { name: 'Road trip', description: 'Songs, mostly', public: true, videos: [{ externalId: VIDEOS.despacito }, { externalId: VIDEOS.gangnam }] },
    ]);
  });

  it('knows an older-layout Watch later by its localised title', async () => {
    const csv = crlf(
      'Playlist-ID,Kanal-ID,Erstellt,Aktualisiert,Titel,Beschreibung,Sichtbarkeit',
      `WL,${CHANNELS.mkbhd},2019-03-10 18:08:29 UTC,2020-01-02 09:00:00 UTC,Später ansehen,,Private`,
      '',
      'Video-ID,Hinzugefügt',
      `${VIDEOS.hotline},2019-03-10 18:08:29 UTC`,
    );
    const bundle = await parseImportFile(utf8(csv));
    expect(bundle.playlists).toEqual([{ name: 'Watch later', watchLater: true, videos: [{ externalId: VIDEOS.hotline }] }]);
  });

  it('sets a lone playlists.csv aside, saying the whole .zip is needed', async () => {
    const csv = crlf(
      'Playlist ID,Add new videos to top,Playlist Title (Original),Playlist Title (Original Language),Playlist Create Timestamp,Playlist Update Timestamp,Playlist Video Order,Playlist Visibility',
      'PLFgquLnL59alCl_2TQvOiD5Vgm1hCaGSI,False,Road trip,,2023-01-01T00:00:00+00:00,2023-01-02T00:00:00+00:00,Manual,Public',
      // A blank line after its one row must not make it look like the older one-file layout.
      '',
    );
    const bundle = await parseImportFile(utf8(csv));
    expect(bundle.playlists).toEqual([]);
    expect(bundle.skipped).toEqual([{ item: 'List of playlists (1 playlist)', reason: SKIP_REASONS.playlistListOnly }]);
  });
});

describe('Takeout CSVs re-saved by Excel', () => {
  const subscriptionRows = [
    `${CHANNELS.kurzgesagt}\thttp://www.youtube.com/channel/${CHANNELS.kurzgesagt}\tKurzgesagt – In a Nutshell`,
    `${CHANNELS.vsauce}\thttp://www.youtube.com/channel/${CHANNELS.vsauce}\t"Vsauce, mit ""Michael"""`,
  ];
  const expected = [
    { externalId: CHANNELS.kurzgesagt, name: 'Kurzgesagt – In a Nutshell' },
    { externalId: CHANNELS.vsauce, name: 'Vsauce, mit "Michael"' },
  ];

  it('reads "Unicode text" (UTF-16 LE with its BOM, tab-separated), as Excel on Windows saves it', async () => {
    const text = '\uFEFF' + crlf('Kanal-ID\tKanal-URL\tKanaltitel', ...subscriptionRows);
    const bundle = await parseImportFile(utf16le(text));
    expect(bundle).toMatchObject({ format: 'TAKEOUT_CSV', channels: expected, skipped: [] });
  });

  it('reads UTF-16 BE with its BOM, comma-separated', async () => {
    const text = '\uFEFF' + crlf('Channel Id,Channel Url,Channel Title', ...subscriptionRows.map((row) => row.replaceAll('\t', ',')));
    const bundle = await parseImportFile(utf16be(text));
    expect(bundle).toMatchObject({ format: 'TAKEOUT_CSV', channels: expected, skipped: [] });
  });

  it('reads a plain "CSV" save of German Excel: Windows-1252 ("Müller" as the byte 0xFC), semicolons', async () => {
    const csv = crlf('Kanal-ID;Kanal-URL;Kanaltitel', `${CHANNELS.kurzgesagt};http://www.youtube.com/channel/${CHANNELS.kurzgesagt};Müller Kanal`);
    const bundle = await parseImportFile(new Uint8Array(Buffer.from(csv, 'latin1')));
    expect(bundle).toMatchObject({ format: 'TAKEOUT_CSV', channels: [{ externalId: CHANNELS.kurzgesagt, name: 'Müller Kanal' }], skipped: [] });
  });

  it('reads a file that starts as UTF-8 (its BOM) as UTF-8 even where a byte is not: one bad title, the rest intact', async () => {
    const good = utf8('\uFEFF' + crlf('Kanal-ID,Kanal-URL,Kanaltitel', `${CHANNELS.kurzgesagt},http://www.youtube.com/channel/${CHANNELS.kurzgesagt},Küche`));
    const bad = Buffer.from(`${CHANNELS.vsauce},http://www.youtube.com/channel/${CHANNELS.vsauce},M\xfcller\r\n`, 'latin1');
    const bundle = await parseImportFile(new Uint8Array(Buffer.concat([good, bad])));
    expect(bundle.channels).toEqual([
      { externalId: CHANNELS.kurzgesagt, name: 'Küche' },
      { externalId: CHANNELS.vsauce, name: 'M\uFFFDller' },
    ]);
  });

  it('reads UTF-16 LE without a BOM, as some tools write it', async () => {
    const text = crlf('Kanal-ID\tKanal-URL\tKanaltitel', ...subscriptionRows);
    expect(await parseImportFile(utf16le(text))).toMatchObject({ format: 'TAKEOUT_CSV', channels: expected, skipped: [] });
  });

  it('takes the separator that splits every line alike: semicolons, with a comma in the first title and no header', async () => {
    const rows = [`${CHANNELS.vsauce};http://www.youtube.com/channel/${CHANNELS.vsauce};Smith, John`, `${CHANNELS.kurzgesagt};http://www.youtube.com/channel/${CHANNELS.kurzgesagt};Kurzgesagt`];
    expect((await parseImportFile(utf8(crlf(...rows)))).channels.map((c) => c.name)).toEqual(['Smith, John', 'Kurzgesagt']);
  });

  it('reads a semicolon-separated save (Excel with German or French settings) and a tab-separated playlist', async () => {
    const csv = crlf('Kanal-ID;Kanal-URL;Kanaltitel', ...subscriptionRows.map((row) => row.replaceAll('\t', ';')));
    expect((await parseImportFile(utf8(csv))).channels).toEqual(expected);
    const playlist = crlf('Video ID\tPlaylist Video Creation Timestamp', `${VIDEOS.zoo}\t2023-04-01T10:00:00+00:00`, `${VIDEOS.gangnam}\t2023-04-02T10:00:00+00:00`);
    expect((await parseImportFile(utf16le('\uFEFF' + playlist))).playlists).toEqual([
      { name: 'Imported playlist', videos: [{ externalId: VIDEOS.zoo }, { externalId: VIDEOS.gangnam }] },
    ]);
  });
});

describe('Takeout playlists.csv layouts', () => {
  const videosCsv = (...ids: string[]) =>
    utf8(crlf('Video ID,Playlist Video Creation Timestamp', ...ids.map((id, i) => `${id},2024-03-0${i + 1}T08:00:00+00:00`)));

  it('reads the 2024 layout (image columns before the title): each playlist once, with its title, visibility and videos, empty ones too', async () => {
    const root = 'Takeout/YouTube and YouTube Music/playlists';
    const zip = zipSync({
      [`${root}/playlists.csv`]: utf8(
        crlf(
          'Playlist ID,Add new videos to top,Playlist image 1 Create timestamp,Playlist image 1 URL,Playlist image 1 Height,Playlist image 1 Width,Playlist title (original),Playlist title (original) language,Playlist create timestamp,Playlist update timestamp,Playlist video order,Playlist visibility',
          'PLFgquLnL59alCl_2TQvOiD5Vgm1hCaGSI,False,2024-02-01T10:00:00+00:00,https://i9.ytimg.com/s_p/PLFgquLnL59alCl_2TQvOiD5Vgm1hCaGSI/landscape_mqdefault.jpg,180,320,Road trip,en,2024-01-01T10:00:00+00:00,2024-02-01T10:00:00+00:00,Manual,Public',
          'PLrAXtmErZgOeiKm4sgNOknGvNjby9efdf,False,,,,,"Cooking: pasta, bread",,2024-01-05T10:00:00+00:00,2024-01-06T10:00:00+00:00,Added date (newest),Unlisted',
          'PLrAXtmErZgOdP_8GztsuKi9nrraNbKKp4,True,,,,,Someday,,2024-01-07T10:00:00+00:00,2024-01-07T10:00:00+00:00,Manual,Private',
          'PLrAXtmErZgOcHl6EkmY-TvwYP_5hNHJvo,False,,,,,Ideas,,2024-01-08T10:00:00+00:00,2024-01-08T10:00:00+00:00,Manual,Public',
        ),
      ),
      [`${root}/Road trip-videos.csv`]: videosCsv(VIDEOS.despacito, VIDEOS.gangnam),
      [`${root}/Cooking_ pasta, bread-videos.csv`]: videosCsv(VIDEOS.zoo),
      // Takeout writes an empty playlist's file with its header only…
      [`${root}/Someday-videos.csv`]: utf8(crlf('Video ID,Playlist Video Creation Timestamp')),
      // …or, for some, no file at all ("Ideas").
      [`${root}/Watch later-videos.csv`]: videosCsv(VIDEOS.hotline),
    });
    const bundle = await parseImportFile(zip);
    expect(bundle.playlists).toEqual([
      { name: 'Road trip', public: true, videos: [{ externalId: VIDEOS.despacito }, { externalId: VIDEOS.gangnam }] },
      { name: 'Cooking: pasta, bread', public: false, videos: [{ externalId: VIDEOS.zoo }] },
      { name: 'Someday', public: false, videos: [] },
      { name: 'Watch later', watchLater: true, videos: [{ externalId: VIDEOS.hotline }] },
      { name: 'Ideas', public: true, videos: [] },
    ]);
    expect(bundle.skipped).toEqual([]);
  });

  it('finds the columns by their words in another language (French)', async () => {
    const root = 'Takeout/YouTube et YouTube Music/playlists';
    const zip = zipSync({
      [`${root}/playlists.csv`]: utf8(
        crlf(
          "ID de la playlist,Ajouter les nouvelles vidéos en haut,Horodatage de création de l'image 1 de la playlist,URL de l'image 1 de la playlist,Hauteur de l'image 1 de la playlist,Largeur de l'image 1 de la playlist,Titre de la playlist (original),Langue du titre de la playlist (original),Horodatage de création de la playlist,Horodatage de mise à jour de la playlist,Ordre des vidéos de la playlist,Visibilité de la playlist",
          'PLFgquLnL59alCl_2TQvOiD5Vgm1hCaGSI,False,,,,,Vacances,fr,2024-01-01T10:00:00+00:00,2024-02-01T10:00:00+00:00,Manual,Public',
        ),
      ),
      [`${root}/Vacances-vidéos.csv`]: utf8(crlf('ID de la vidéo,Horodatage de création de la vidéo de la playlist', `${VIDEOS.zoo},2024-03-01T08:00:00+00:00`)),
    });
    expect((await parseImportFile(zip)).playlists).toEqual([{ name: 'Vacances', public: true, videos: [{ externalId: VIDEOS.zoo }] }]);
  });

  it('finds the title and visibility by what the cells hold when the header is in a language it has no words for (Swahili)', async () => {
    const zip = zipSync({
      'Takeout/YouTube/orodha za kucheza/orodha za kucheza.csv': utf8(
        crlf(
          'Kitambulisho cha orodha,Ongeza video mpya juu,Muhuri wa muda wa picha 1,URL ya picha 1,Urefu wa picha 1,Upana wa picha 1,Kichwa cha orodha (asili),Lugha ya kichwa (asili),Muhuri wa kuundwa,Muhuri wa kusasishwa,Mpangilio wa video,Mwonekano wa orodha',
          'PLFgquLnL59alCl_2TQvOiD5Vgm1hCaGSI,False,2024-02-01T10:00:00+00:00,https://i9.ytimg.com/x.jpg,180,320,Safari,sw,2024-01-01T10:00:00+00:00,2024-02-01T10:00:00+00:00,Manual,Public',
        ),
      ),
      'Takeout/YouTube/orodha za kucheza/Safari-video.csv': utf8(crlf('Kitambulisho cha video,Muhuri wa muda', `${VIDEOS.gangnam},2024-03-01T08:00:00+00:00`)),
    });
    expect((await parseImportFile(zip)).playlists).toEqual([{ name: 'Safari', public: true, videos: [{ externalId: VIDEOS.gangnam }] }]);
  });
});

describe('Takeout .zip', () => {
  it('finds subscriptions and playlists by content under German folder names', async () => {
    const root = 'Takeout/YouTube und YouTube Music';
    const zip = zipSync({
      [`${root}/Abos/Abos.csv`]: utf8(
        '\uFEFF' +
          crlf(
            'Kanal-ID,Kanal-URL,Kanaltitel',
            `${CHANNELS.kurzgesagt},http://www.youtube.com/channel/${CHANNELS.kurzgesagt},Kurzgesagt – In a Nutshell`,
            `${CHANNELS.veritasium},http://www.youtube.com/channel/${CHANNELS.veritasium},Veritasium`,
          ),
      ),
      // The member's own channel: a UC id first too, but no channel address beside it; not a subscription.
      [`${root}/Kanal/Kanal.csv`]: utf8(crlf('Kanal-ID,Kanaltitel (Original),Kanalsichtbarkeit', `${CHANNELS.googleDevelopers},Mein Kanal,Public`)),
      [`${root}/Playlists/Playlists.csv`]: utf8(
        crlf(
          'Playlist-ID,Neue Videos oben hinzufügen,Playlist-Titel (Original),Playlist-Titel (Originalsprache),Erstellungszeitstempel der Playlist,Aktualisierungszeitstempel der Playlist,Videoreihenfolge der Playlist,Sichtbarkeit der Playlist',
          'PLrAXtmErZgOeiKm4sgNOknGvNjby9efdf,False,Musik: AC/DC,,2023-01-01T00:00:00+00:00,2023-01-02T00:00:00+00:00,Manuell,Public',
          'PLrAXtmErZgOdP_8GztsuKi9nrraNbKKp4,True,Leer,,2023-01-01T00:00:00+00:00,2023-01-02T00:00:00+00:00,Manuell,Private',
        ),
      ),
      [`${root}/Playlists/Später ansehen-Videos.csv`]: utf8(
        crlf('Video-ID,Zeitstempel der Erstellung des Playlist-Videos', `${VIDEOS.hotline},2023-05-01T08:00:00+00:00`, `${VIDEOS.zoo},2023-05-02T08:00:00+00:00`),
      ),
      // The file name loses the title's ":" and "/": the list gives the title back.
      [`${root}/Playlists/Musik_ AC_DC-Videos.csv`]: utf8(
        crlf('Video-ID,Zeitstempel der Erstellung des Playlist-Videos', `${VIDEOS.despacito},2023-01-01T08:00:00+00:00`, `${VIDEOS.gangnam},2023-01-01T09:00:00+00:00`),
      ),
      // An empty playlist: only a header, which names no format; the list still has it.
      [`${root}/Playlists/Leer-Videos.csv`]: utf8(crlf('Video-ID,Zeitstempel der Erstellung des Playlist-Videos')),
      [`${root}/Verlauf/Wiedergabeverlauf.json`]: utf8(
        JSON.stringify([
          { header: 'YouTube', title: 'Angesehen: Video', titleUrl: `https://www.youtube.com/watch?v=${VIDEOS.zoo}`, time: '2024-01-01T00:00:00Z' },
          { header: 'YouTube', title: 'Angesehen: Video', titleUrl: `https://www.youtube.com/watch?v=${VIDEOS.rickroll}`, time: '2024-01-02T00:00:00Z' },
        ]),
      ),
      // Search history has the same shape; it is not watch history and is passed over silently.
      [`${root}/Verlauf/Suchverlauf.json`]: utf8(
        JSON.stringify([{ header: 'YouTube', title: 'Gesucht: Raketen', titleUrl: 'https://www.youtube.com/results?search_query=Raketen', time: '2024-01-03T00:00:00Z' }]),
      ),
      [`${root}/Verlauf/Wiedergabeverlauf.html`]: utf8('<html><body>…</body></html>'),
    });
    const bundle = await parseImportFile(zip);
    expect(bundle.format).toBe('TAKEOUT_ZIP');
    expect(bundle.channels).toEqual([
      { externalId: CHANNELS.kurzgesagt, name: 'Kurzgesagt – In a Nutshell' },
      { externalId: CHANNELS.veritasium, name: 'Veritasium' },
    ]);
    expect(bundle.playlists).toEqual([
      { name: 'Watch later', watchLater: true, videos: [{ externalId: VIDEOS.hotline }, { externalId: VIDEOS.zoo }] },
      { name: 'Musik: AC/DC', public: true, videos: [{ externalId: VIDEOS.despacito }, { externalId: VIDEOS.gangnam }] },
      { name: 'Leer', public: false, videos: [] },
    ]);
    expect(bundle.history).toEqual([
      { externalId: VIDEOS.zoo, watchedAt: '2024-01-01T00:00:00.000Z', title: 'Video' },
      { externalId: VIDEOS.rickroll, watchedAt: '2024-01-02T00:00:00.000Z', title: 'Video' },
    ]);
    expect(bundle.skipped).toEqual([]);
  });

  it('titles playlists from their file names when there is no list, and finds "Watch later-videos.csv"', async () => {
    const zip = zipSync({
      'Takeout/YouTube and YouTube Music/playlists/Watch later-videos.csv': utf8(
        crlf('Video ID,Playlist Video Creation Timestamp', `${VIDEOS.zoo},2023-05-01T08:00:00+00:00`),
      ),
      'Takeout/YouTube and YouTube Music/playlists/Best-Of 2023-videos.csv': utf8(
        crlf('Video ID,Playlist Video Creation Timestamp', `${VIDEOS.gangnam},2023-05-01T08:00:00+00:00`),
      ),
    });
    const bundle = await parseImportFile(zip);
    expect(bundle.playlists).toEqual([
      { name: 'Watch later', watchLater: true, videos: [{ externalId: VIDEOS.zoo }] },
      { name: 'Best-Of 2023', videos: [{ externalId: VIDEOS.gangnam }] },
    ]);
  });
});
