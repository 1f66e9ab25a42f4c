import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { parseImportFile, SIFT_HISTORY_FILE, SKIP_REASONS, type SiftExportDocument, type SiftHistoryExportEntry } from './index.js';
import { CHANNELS, VIDEOS, importError, utf8 } from './test-support.js';

const document: SiftExportDocument = {
  format: 'Sift',
  version: 1,
  exportedAt: '2025-01-31T12:00:00.000Z',
  profile: { email: 'ana@example.com', firstName: 'Ana', lastName: 'Lima', createdAt: '2024-02-01T09:00:00.000Z' },
  follows: {
    channels: [
      { externalId: CHANNELS.kurzgesagt, name: 'Kurzgesagt – In a Nutshell', frequency: 'DAILY' },
      { externalId: CHANNELS.veritasium, name: 'Veritasium', frequency: 'NEVER' },
    ],
    sifts: [{ hash: 'k3j4h5g6', name: 'Space news by Bo', frequency: 'WEEKLY' }],
  },
  playlists: [
    {
      name: 'Watch later',
      description: '',
      public: false,
      watchLater: true,
      videos: [{ externalId: VIDEOS.zoo, title: 'Me at the zoo' }],
    },
    {
      name: 'Best of',
      description: 'Keepers',
      public: true,
      watchLater: false,
      videos: [
        { externalId: VIDEOS.gangnam, title: 'PSY - GANGNAM STYLE' },
        { externalId: VIDEOS.rickroll, title: 'Never Gonna Give You Up' },
      ],
    },
  ],
  sifts: [
    {
      name: 'Rockets',
      description: 'Launches only',
      public: true,
      category: 'Science',
      keywords: { all: [], any: ['launch', 'rocket'], none: ['reaction'] },
      filters: { hideShorts: true, hideLive: false, minDurationSeconds: 60, maxDurationSeconds: null },
      channels: [{ externalId: CHANNELS.veritasium, name: 'Veritasium' }],
    },
    {
      name: 'Still empty',
      description: '',
      public: false,
      category: null,
      keywords: { all: [], any: [], none: [] },
      filters: { hideShorts: false, hideLive: false, minDurationSeconds: null, maxDurationSeconds: null },
      channels: [],
    },
  ],
};

describe("Sift's own export", () => {
  it('reads back what it wrote: follows, playlists with Watch later, sifts with their rules', async () => {
    const bundle = await parseImportFile(zipSync({ 'sift-export.json': utf8(JSON.stringify(document, null, 2)) }));
    expect(bundle).toEqual({
      format: 'SIFT_ZIP',
      channels: [
        { externalId: CHANNELS.kurzgesagt, name: 'Kurzgesagt – In a Nutshell' },
        { externalId: CHANNELS.veritasium, name: 'Veritasium' },
      ],
      playlists: [
        { name: 'Watch later', watchLater: true, videos: [{ externalId: VIDEOS.zoo, title: 'Me at the zoo' }] },
        {
          name: 'Best of',
          description: 'Keepers',
          public: true,
          videos: [
            { externalId: VIDEOS.gangnam, title: 'PSY - GANGNAM STYLE' },
            { externalId: VIDEOS.rickroll, title: 'Never Gonna Give You Up' },
          ],
        },
      ],
      sifts: [
        {
          name: 'Rockets',
          description: 'Launches only',
          public: true,
          category: 'Science',
          keywords: { all: [], any: ['launch', 'rocket'], none: ['reaction'] },
          filters: { hideShorts: true, hideLive: false, minDurationSeconds: 60, maxDurationSeconds: null },
          channels: [{ externalId: CHANNELS.veritasium, name: 'Veritasium' }],
        },
        {
          name: 'Still empty',
          public: false,
          keywords: { all: [], any: [], none: [] },
          filters: { hideShorts: false, hideLive: false, minDurationSeconds: null, maxDurationSeconds: null },
          channels: [],
        },
      ],
      history: [],
      skipped: [{ item: 'Space news by Bo (k3j4h5g6)', reason: SKIP_REASONS.followedSift }],
    });
  });

  it(`reads the watch history from ${SIFT_HISTORY_FILE} beside it, marks and positions as written`, async () => {
    const history: SiftHistoryExportEntry[] = [
      { videoId: VIDEOS.gangnam, watchedAt: '2025-01-30T20:00:00.000Z', position: 120, duration: 252, watched: false, title: 'PSY - GANGNAM STYLE' },
      // Marked watched without being played: no position, no length.
      { videoId: VIDEOS.zoo, watchedAt: '2025-01-29T08:00:00.000Z', position: null, duration: null, watched: true },
      { videoId: 'nope', watchedAt: null, position: null, duration: null, watched: true },
    ];
    const bundle = await parseImportFile(
      zipSync({ 'sift-export.json': utf8(JSON.stringify(document)), [SIFT_HISTORY_FILE]: utf8(JSON.stringify(history, null, 2)), 'README.txt': utf8('Your data') }),
    );
    expect(bundle.format).toBe('SIFT_ZIP');
    expect(bundle.history).toEqual([
      { externalId: VIDEOS.gangnam, watchedAt: '2025-01-30T20:00:00.000Z', position: 120, duration: 252, watched: false, title: 'PSY - GANGNAM STYLE' },
      { externalId: VIDEOS.zoo, watchedAt: '2025-01-29T08:00:00.000Z', watched: true },
    ]);
    expect(bundle.skipped).toContainEqual({ item: 'nope in watch history', reason: SKIP_REASONS.badId });
    expect(bundle.playlists).toHaveLength(2);
  });

  it('reads sift-export.json uploaded alone the same way', async () => {
    const fromZip = await parseImportFile(zipSync({ 'sift-export.json': utf8(JSON.stringify(document)) }));
    const alone = await parseImportFile(utf8(JSON.stringify(document)));
    expect(alone).toEqual(fromZip);
  });

  it('keeps a sift whose rules cannot be read, without them, and says so', async () => {
    const broken = { ...document, sifts: [{ ...document.sifts[0], keywords: { any: 'launch' } }] };
    const bundle = await parseImportFile(utf8(JSON.stringify(broken)));
    expect(bundle.sifts[0]).not.toHaveProperty('keywords');
    expect(bundle.sifts[0]?.filters).toEqual(document.sifts[0]?.filters);
    expect(bundle.skipped).toContainEqual({ item: 'Keyword rules of sift "Rockets"', reason: SKIP_REASONS.unreadableRules });
  });

  it('calls bad JSON inside the zip, and an unknown version, invalid', async () => {
    const cut = JSON.stringify(document).slice(0, 200);
    const error = await importError(parseImportFile(zipSync({ 'sift-export.json': utf8(cut) })), 'IMPORT_FILE_INVALID');
    expect(error.message).toMatch(/^sift-export\.json in this \.zip looks like a JSON export but is damaged/);
    const future = await importError(parseImportFile(utf8(JSON.stringify({ ...document, version: 2 }))), 'IMPORT_FILE_INVALID');
    expect(future.message).toContain('version 2');
  });
});
