import { importStartedSchema } from '@sift/contracts';
import { zipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { SKIP_REASONS } from '../src/modules/imports/formats/index.js';
import type { ProviderVideo } from '../src/providers/video-provider.js';
import { aMember, call, expectError } from './support/accounts.js';
import { aChannel, aVideo } from './support/factories.js';
import { inflatesPastItsSizeZip, newPipeJoinBlowUp, overlappingZip } from './support/hostile-files.js';
import { finishedImport, uploadImport, whilePinging, worstPingBound } from './support/import-uploads.js';
import { useTestApp } from './support/test-app.js';

/**
 * Issue 28 §1: a small hostile file costs its sender a 4xx and nobody else anything. Each upload below took every
 * other client seconds when files were read on the event loop; now a client asking `/api/health` meanwhile is
 * answered as quickly as ever, and the file is refused (or, when it holds a real export, imported right).
 */
const t = useTestApp();
type Member = Awaited<ReturnType<typeof aMember>>;

function upload(member: Member, bytes: Buffer) {
  return uploadImport(t, member.token, bytes);
}

const finished = (member: Member, id: number) => finishedImport(t, member.token, id);

let video: ProviderVideo;

beforeAll(async () => {
  const channel = aChannel({ name: 'Joined channel' });
  t.videoService.channels.set(channel.externalId, channel);
  video = aVideo(channel, { title: 'The one real video' });
  t.videoService.videos.set(video.externalId, video);
  // The reader's thread starts with the first file: start it now, so what is measured below is reading, not starting.
  expectError(await upload(await aMember(t), Buffer.from('nothing to import\n')), 422, 'IMPORT_FORMAT_UNKNOWN');
});

describe('hostile import files', () => {
  it('refuses a zip whose directory entries share one stream, without stalling anyone', async () => {
    const member = await aMember(t);
    const zip = overlappingZip(190);
    expect(zip.length).toBeLessThan(64 * 1024);
    const { result, worstPingMs } = await whilePinging(t, () => upload(member, zip));
    expectError(result, 422, 'IMPORT_FILE_INVALID', 'file');
    expect(worstPingMs).toBeLessThan(worstPingBound());
  });

  it('refuses an entry that inflates past the size it declares, without inflating it all', async () => {
    const member = await aMember(t);
    const zip = inflatesPastItsSizeZip(128);
    expect(zip.length).toBeLessThan(256 * 1024);
    const { result, worstPingMs } = await whilePinging(t, () => upload(member, zip));
    expectError(result, 422, 'IMPORT_FILE_INVALID', 'file');
    expect(worstPingMs).toBeLessThan(worstPingBound());
  });

  it('imports a NewPipe database whose own schema makes its join explode, right and without stalling anyone', async () => {
    const member = await aMember(t);
    const database = await newPipeJoinBlowUp(1_000, video.externalId);
    expect(database.length).toBeLessThan(256 * 1024);
    for (const file of [database, Buffer.from(zipSync({ 'newpipe.db': database }))]) {
      const { result, worstPingMs } = await whilePinging(t, () => upload(member, file));
      expect(result.status, JSON.stringify(result.body)).toBe(202);
      expect(worstPingMs).toBeLessThan(worstPingBound());
      const done = await finished(member, importStartedSchema.parse(result.body).id);
      expect(done.status).toBe('CREATED');
      // The playlist's 1,000 entries name one stream: its video once, the other 999 said to be repeats.
      expect(done.skipped.filter((row) => row.reason === SKIP_REASONS.duplicate)).toHaveLength(999);
      const playlist = await call(t.app, { method: 'GET', url: '/api/playlists', token: member.token });
      expect(JSON.stringify(playlist.body)).toContain('Joined');
    }
  });

  it('reads one file of a member at a time: a second sent meanwhile is told to wait', async () => {
    const member = await aMember(t);
    const database = await newPipeJoinBlowUp(1_000, video.externalId);
    const answers = await Promise.all([upload(member, database), upload(member, database)]);
    expect(answers.map((res) => res.status).sort()).toEqual([202, 409]);
    expectError(answers.find((res) => res.status === 409)!, 409, 'IMPORT_UNDER_WAY');
    await t.services.jobs.drain();
  });
});
