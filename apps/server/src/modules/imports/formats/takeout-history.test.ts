import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { IMPORT_LIMITS, parseImportFile, SKIP_REASONS } from './index.js';
import { CHANNELS, VIDEOS, importError, utf8 } from './test-support.js';

const watch = (id: string): string => `https://www.youtube.com/watch?v=${id}`;
const channel = (id: string): string => `https://www.youtube.com/channel/${id}`;
const activityControls = ['YouTube watch history'];

describe('Takeout watch-history.json', () => {
  /** Entries as Takeout writes them, newest first. */
  const history = [
    {
      header: 'YouTube',
      title: 'Watched Me at the zoo',
      titleUrl: watch(VIDEOS.zoo),
      subtitles: [{ name: 'jawed', url: channel('UC4QobU6STFB0P71PMvOGN5A') }],
      time: '2024-03-02T18:04:05.123Z',
      products: ['YouTube'],
      activityControls,
    },
    // An ad played before it: no channel, a "From Google Ads" detail.
    { header: 'YouTube', title: 'Watched Best shoes 2024', titleUrl: watch(VIDEOS.despacito), time: '2024-03-02T18:03:50.000Z', products: ['YouTube'], details: [{ name: 'From Google Ads' }], activityControls },
    {
      header: 'YouTube',
      title: 'Watched PSY - GANGNAM STYLE (강남스타일) M/V',
      titleUrl: watch(VIDEOS.gangnam),
      subtitles: [{ name: 'officialpsy', url: channel(CHANNELS.vsauce) }],
      time: '2024-03-01T09:00:00Z',
      products: ['YouTube'],
      activityControls,
    },
    // A song played in YouTube Music.
    { header: 'YouTube Music', title: 'Watched Hotline Bling', titleUrl: `https://music.youtube.com/watch?v=${VIDEOS.hotline}`, time: '2024-02-28T07:00:00Z', products: ['YouTube'], activityControls },
    // A video removed since: Takeout keeps no address.
    { header: 'YouTube', title: 'Watched a video that has been removed', time: '2024-02-27T07:00:00Z', products: ['YouTube'], activityControls },
    // The zoo again, earlier: one entry, at its latest time.
    { header: 'YouTube', title: 'Watched Me at the zoo', titleUrl: watch(VIDEOS.zoo), time: '2023-12-24T20:00:00Z', products: ['YouTube'], activityControls },
    // A private video: its title is its address.
    { header: 'YouTube', title: `Watched ${watch(VIDEOS.rickroll)}`, titleUrl: watch(VIDEOS.rickroll), time: '2023-12-01T20:00:00Z', products: ['YouTube'], activityControls },
  ];

  it('reads each video once at its latest time, newest first; ads, removed videos and YouTube Music are summed up', async () => {
    const bundle = await parseImportFile(utf8(JSON.stringify(history, null, 2)));
    expect(bundle.format).toBe('TAKEOUT_HISTORY');
    expect(bundle.history).toEqual([
      { externalId: VIDEOS.zoo, watchedAt: '2024-03-02T18:04:05.123Z', title: 'Me at the zoo' },
      { externalId: VIDEOS.gangnam, watchedAt: '2024-03-01T09:00:00.000Z', title: 'PSY - GANGNAM STYLE (강남스타일) M/V' },
      { externalId: VIDEOS.rickroll, watchedAt: '2023-12-01T20:00:00.000Z' },
    ]);
    expect(bundle.skipped).toEqual([
      { item: 'Watch history: 1 ad', reason: SKIP_REASONS.historyAd },
      { item: 'Watch history: 1 YouTube Music entry', reason: SKIP_REASONS.historyMusic },
      { item: 'Watch history: 1 removed video', reason: SKIP_REASONS.historyRemoved },
    ]);
    expect(bundle.channels).toEqual([]);
  });

  it('is part of the Takeout inside its .zip, found by content under a German folder name', async () => {
    const zip = zipSync({ 'Takeout/YouTube und YouTube Music/Verlauf/Wiedergabeverlauf.json': utf8(JSON.stringify(history)) });
    const bundle = await parseImportFile(zip);
    expect(bundle.format).toBe('TAKEOUT_ZIP');
    expect(bundle.history.map((entry) => entry.externalId)).toEqual([VIDEOS.zoo, VIDEOS.gangnam, VIDEOS.rickroll]);
  });

  it('does not take search history, the same shape, for watch history', async () => {
    const searches = [{ header: 'YouTube', title: 'Searched for rockets', titleUrl: 'https://www.youtube.com/results?search_query=rockets', time: '2024-01-03T00:00:00Z' }];
    await importError(parseImportFile(utf8(JSON.stringify(searches))), 'IMPORT_FORMAT_UNKNOWN');
  });
});

/** One entry of My Activity's page as Takeout writes it (2023–24), every cell on one line. */
function block(options: { verb: string; id?: string; host?: string; title?: string; channelName?: string; date: string; product?: string; ad?: boolean; why: string }): string {
  const product = options.product ?? 'YouTube';
  const link = options.id === undefined ? '' : `<a href="https://${options.host ?? 'www.youtube.com'}/watch?v=${options.id}">${options.title ?? ''}</a><br>`;
  const by = options.channelName === undefined ? '' : `<a href="${channel(CHANNELS.kurzgesagt)}">${options.channelName}</a><br>`;
  const body = options.id === undefined ? `${options.verb}&nbsp;${options.title}<br>` : `${options.verb}&nbsp;${link}${by}`;
  const details = options.ad ? '<b>Details:</b><br>&emsp;From Google Ads<br>' : '';
  return (
    `<div class="outer-cell mdl-cell mdl-cell--12-col mdl-shadow--2dp"><div class="mdl-grid">` +
    `<div class="header-cell mdl-cell mdl-cell--12-col"><p class="mdl-typography--title">${product}<br></p></div>` +
    `<div class="content-cell mdl-cell mdl-cell--6-col mdl-typography--body-1">${body}${options.date}<br></div>` +
    `<div class="content-cell mdl-cell mdl-cell--6-col mdl-typography--body-1 mdl-typography--text-right"></div>` +
    `<div class="content-cell mdl-cell mdl-cell--12-col mdl-typography--caption"><b>Products:</b><br>&emsp;${product}<br>${details}` +
    `<b>Why?</b><br>&emsp;${options.why}&nbsp;<a href="https://myaccount.google.com/activitycontrols">here</a>.</div></div></div>`
  );
}

function page(title: string, blocks: string[]): string {
  return (
    `<html><head><style type="text/css">.mdl-card{min-height:0}</style><title>${title}</title></head><body>` +
    `<div class="mdl-grid">${blocks.join('')}</div></body></html>`
  );
}

describe('Takeout watch-history.html', () => {
  it('reads the English page: links, titles with entities, and the date on the last line', async () => {
    const why = 'This activity was saved to your Google Account because the following settings were on:&nbsp;YouTube watch history.';
    const html = page('History', [
      block({ verb: 'Watched', id: VIDEOS.zoo, title: 'Me at the zoo', channelName: 'jawed', date: 'Mar 2, 2024, 7:04:05\u202fPM CET', why }),
      block({ verb: 'Watched', id: VIDEOS.despacito, title: 'Best shoes', date: 'Mar 2, 2024, 7:03:50\u202fPM CET', ad: true, why }),
      block({ verb: 'Watched', id: VIDEOS.gangnam, title: 'Tom &amp; Jerry&#39;s &quot;best&quot;', channelName: 'Someone', date: 'Mar 1, 2024, 10:00:00\u202fAM CET', why }),
      block({ verb: 'Watched', id: VIDEOS.hotline, host: 'music.youtube.com', title: 'Hotline Bling', date: 'Feb 28, 2024, 8:00:00\u202fAM CET', product: 'YouTube Music', why }),
      block({ verb: 'Watched', title: 'a video that has been removed', date: 'Feb 27, 2024, 8:00:00\u202fAM CET', why }),
      block({ verb: 'Watched', id: VIDEOS.zoo, title: 'Me at the zoo', channelName: 'jawed', date: 'Dec 24, 2023, 9:00:00\u202fPM CET', why }),
    ]);
    const bundle = await parseImportFile(utf8(html));
    expect(bundle.format).toBe('TAKEOUT_HISTORY');
    expect(bundle.history).toEqual([
      { externalId: VIDEOS.zoo, watchedAt: '2024-03-02T18:04:05.000Z', title: 'Me at the zoo' },
      { externalId: VIDEOS.gangnam, watchedAt: '2024-03-01T09:00:00.000Z', title: 'Tom & Jerry\'s "best"' },
    ]);
    expect(bundle.skipped).toEqual([
      { item: 'Watch history: 1 ad', reason: SKIP_REASONS.historyAd },
      { item: 'Watch history: 1 YouTube Music entry', reason: SKIP_REASONS.historyMusic },
      { item: 'Watch history: 1 removed video', reason: SKIP_REASONS.historyRemoved },
    ]);
  });

  it('reads the French page ("Vous avez regardé", "3 janv. 2024")', async () => {
    const why = "Cette activité a été enregistrée dans votre compte Google, car les paramètres suivants étaient activés :&nbsp;Historique des vidéos regardées sur YouTube.";
    const html = page('Historique des vidéos regardées', [
      block({ verb: 'Vous avez regardé', id: VIDEOS.gangnam, title: 'PSY - GANGNAM STYLE (강남스타일) M/V', channelName: 'officialpsy', date: '3 janv. 2024, 22:15:30 CET', why }),
      block({ verb: 'Vous avez regardé', id: VIDEOS.zoo, title: 'Me at the zoo', channelName: 'jawed', date: '15 août 2023, 09:00:00 CEST', why }),
    ]);
    const bundle = await parseImportFile(utf8(html));
    expect(bundle.history).toEqual([
      { externalId: VIDEOS.gangnam, watchedAt: '2024-01-03T21:15:30.000Z', title: 'PSY - GANGNAM STYLE (강남스타일) M/V' },
      { externalId: VIDEOS.zoo, watchedAt: '2023-08-15T07:00:00.000Z', title: 'Me at the zoo' },
    ]);
    expect(bundle.skipped).toEqual([]);
  });

  it('reads the German page inside a Takeout .zip, and keeps an entry whose date it cannot read, without a date', async () => {
    const why = 'Diese Aktivität wurde in deinem Google-Konto gespeichert, weil die folgenden Einstellungen aktiviert waren:&nbsp;YouTube-Wiedergabeverlauf.';
    const root = 'Takeout/YouTube und YouTube Music';
    const zip = zipSync({
      'Takeout/archive_browser.html': utf8('<html><body><div class="outer-cell"><a href="https://www.youtube.com/watch?v=x">x</a></div></body></html>'),
      [`${root}/Verlauf/Wiedergabeverlauf.html`]: utf8(
        page('Verlauf', [
          block({ verb: 'Angesehen', id: VIDEOS.rickroll, title: 'Never Gonna Give You Up', channelName: 'Rick Astley', date: '03.01.2024, 22:15:30 MEZ', why }),
          block({ verb: 'Angesehen', id: VIDEOS.zoo, title: 'Me at the zoo', channelName: 'jawed', date: 'vorgestern', why }),
        ]),
      ),
      // Search history: blocks too, but no videos.
      [`${root}/Verlauf/Suchverlauf.html`]: utf8(
        page('Suchverlauf', ['<div class="outer-cell"><div class="content-cell">Gesucht nach&nbsp;<a href="https://www.youtube.com/results?search_query=Raketen">Raketen</a><br>03.01.2024, 22:00:00 MEZ<br></div></div>']),
      ),
      [`${root}/Abos/Abos.csv`]: utf8(`Kanal-ID,Kanal-URL,Kanaltitel\r\n${CHANNELS.veritasium},http://www.youtube.com/channel/${CHANNELS.veritasium},Veritasium\r\n`),
    });
    const bundle = await parseImportFile(zip);
    expect(bundle.format).toBe('TAKEOUT_ZIP');
    expect(bundle.channels).toEqual([{ externalId: CHANNELS.veritasium, name: 'Veritasium' }]);
    expect(bundle.history).toEqual([
      { externalId: VIDEOS.rickroll, watchedAt: '2024-01-03T21:15:30.000Z', title: 'Never Gonna Give You Up' },
      { externalId: VIDEOS.zoo, title: 'Me at the zoo' },
    ]);
    // Takeout's index page is not read; search history is not recognised.
    expect(bundle.skipped).toEqual([]);
  });

  describe('costs no more than its size, whatever its tags (20 MB hostile pages)', () => {
    const real = block({ verb: 'Watched', id: VIDEOS.zoo, title: 'Me at the zoo', date: 'Mar 2, 2024, 7:04:05 PM UTC', why: 'x' });
    const size = IMPORT_LIMITS.maxFileBytes - 64 * 1024;

    it.each([
      ['one block of nested tags', `<div class="outer-cell"><div class="content-cell">${'<div><span><a href="'.repeat(size / 20)}`],
      ['brackets that never close', `<div class="outer-cell"><div class="content-cell">${'<'.repeat(size)}`],
      ['a million blocks of unclosed links and entities', `<div class="outer-cell"><div class="content-cell"><a href="${watch(VIDEOS.gangnam)}&amp&#x`.repeat(size / 90)],
      ['line breaks without end', `<div class="outer-cell"><div class="content-cell"><a href="${watch(VIDEOS.gangnam)}">t</a>${'<br   '.repeat(size / 6)}`],
    ])('%s', async (_case, hostile) => {
      const html = `<html><body>${real}${hostile.slice(0, size)}</body></html>`;
      const bundle = await parseImportFile(utf8(html));
      expect(bundle.history[0]).toEqual({ externalId: VIDEOS.zoo, watchedAt: '2024-03-02T19:04:05.000Z', title: 'Me at the zoo' });
    }, 60_000);
  });
});
