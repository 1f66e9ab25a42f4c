import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { parseImportFile, SKIP_REASONS } from './index.js';
import { CHANNELS, VIDEOS, utf8 } from './test-support.js';

const crlf = (...lines: string[]): string => lines.join('\r\n') + '\r\n';

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
    expect(bundle.skipped).toEqual([{ item: 'Watch history (2 videos)', reason: SKIP_REASONS.watchHistory }]);
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
