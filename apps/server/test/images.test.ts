import Fastify from 'fastify';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileStore, keyOfUrl, LocalFileStore, S3FileStore } from '../src/infra/files/file-store.js';
import { readUploadedFile, registerMultipart } from '../src/infra/files/upload.js';
import { uploadsRoutes } from '../src/infra/files/uploads.routes.js';
import { registerErrorHandling } from '../src/infra/http/errors.js';
import { detectImageKind, MAX_COVER_BYTES, prepareCoverImage } from '../src/infra/images/cover-image.js';
import { multipartBody } from './support/multipart.js';

const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

async function pngWithExif(width = 640, height = 480) {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 90 } } })
    .png()
    .withExif({ IFD0: { Copyright: 'secret-owner', Artist: 'someone' } })
    .toBuffer();
}

describe('prepareCoverImage', () => {
  it('turns a PNG into a 300×300 JPEG without metadata', async () => {
    const input = await pngWithExif();
    expect((await sharp(input).metadata()).exif).toBeDefined();
    const output = await prepareCoverImage(input);
    const meta = await sharp(output).metadata();
    expect(detectImageKind(output)).toBe('jpeg');
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 300, 300]);
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(output.includes(Buffer.from('secret-owner'))).toBe(false);
  });

  it('accepts a JPEG and refuses a GIF by its content (415)', async () => {
    const jpeg = await sharp({ create: { width: 300, height: 900, channels: 3, background: '#123456' } }).jpeg().toBuffer();
    expect((await sharp(await prepareCoverImage(jpeg)).metadata()).width).toBe(300);
    await expect(prepareCoverImage(GIF)).rejects.toMatchObject({ status: 415, message: 'Only JPG and PNG images are accepted' });
  });

  it('refuses bytes that start like a PNG but do not decode (400)', async () => {
    const broken = Buffer.concat([(await pngWithExif()).subarray(0, 40), Buffer.alloc(200, 7)]);
    await expect(prepareCoverImage(broken)).rejects.toMatchObject({ status: 400, message: 'The PNG image is damaged or cannot be read' });
  });
});

describe('uploads over HTTP', () => {
  const app = Fastify();
  let dir: string;
  let store: LocalFileStore;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'sift-uploads-'));
    store = new LocalFileStore(path.join(dir, 'uploads'));
    registerErrorHandling(app);
    await registerMultipart(app);
    app.put('/cover', async (request) => {
      const file = await readUploadedFile(request, 'file', MAX_COVER_BYTES);
      const image = await prepareCoverImage(file.bytes);
      await store.put('covers/1-abc.jpg', image, 'image/jpeg');
      return { url: store.url('covers/1-abc.jpg') };
    });
    await app.register(uploadsRoutes(store));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('stores a good PNG and serves it with long cache headers', async () => {
    const res = await app.inject({ method: 'PUT', url: '/cover', ...multipartBody('file', 'me.png', 'image/png', await pngWithExif()) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ url: '/media/uploads/covers/1-abc.jpg' });
    const served = await app.inject({ method: 'GET', url: '/media/uploads/covers/1-abc.jpg' });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toContain('max-age=31536000');
    expect(served.rawPayload.equals(await readFile(path.join(dir, 'uploads/covers/1-abc.jpg')))).toBe(true);
    await store.delete('covers/1-abc.jpg');
    expect((await app.inject({ method: 'GET', url: '/media/uploads/covers/1-abc.jpg' })).statusCode).toBe(404);
  });

  it('refuses a GIF named .png (415), a PNG renamed .jpg with broken bytes (400) and 20 MB (413)', async () => {
    const gif = await app.inject({ method: 'PUT', url: '/cover', ...multipartBody('file', 'cat.png', 'image/png', GIF) });
    expect(gif.statusCode).toBe(415);
    expect(gif.json()).toMatchObject({ message: 'Only JPG and PNG images are accepted', fields: [{ field: 'file' }] });

    const broken = Buffer.concat([(await pngWithExif()).subarray(0, 60), Buffer.from('not really an image')]);
    const renamed = await app.inject({ method: 'PUT', url: '/cover', ...multipartBody('file', 'photo.jpg', 'image/jpeg', broken) });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().message).toBe('The PNG image is damaged or cannot be read');

    const huge = Buffer.concat([(await pngWithExif()), Buffer.alloc(20 * 1024 * 1024)]);
    const large = await app.inject({ method: 'PUT', url: '/cover', ...multipartBody('file', 'big.png', 'image/png', huge) });
    expect(large.statusCode).toBe(413);
    expect(large.json()).toMatchObject({ message: 'The file is too large: at most 5 MB', code: 'TOO_LARGE' });
  });

  it('answers 400 naming the field when no file or no multipart body comes', async () => {
    const json = await app.inject({ method: 'PUT', url: '/cover', payload: { file: 'x' } });
    expect(json.statusCode).toBe(400);
    expect(json.json().fields).toEqual([{ field: 'file', message: 'is required' }]);
    const other = await app.inject({ method: 'PUT', url: '/cover', ...multipartBody('picture', 'a.png', 'image/png', GIF) });
    expect(other.statusCode).toBe(400);
  });
});

describe('createFileStore', () => {
  it('is local by default and S3 when the bucket is configured, refusing half a configuration', () => {
    expect(createFileStore('/data', {})).toBeInstanceOf(LocalFileStore);
    const s3 = createFileStore('/data', {
      S3_BUCKET: 'covers',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_ACCESS_KEY_ID: 'a',
      S3_SECRET_ACCESS_KEY: 'b',
      S3_PUBLIC_URL: 'https://cdn.example/covers/',
    });
    expect(s3).toBeInstanceOf(S3FileStore);
    expect(s3.url('playlists/1.jpg')).toBe('https://cdn.example/covers/playlists/1.jpg');
    expect(() => createFileStore('/data', { S3_BUCKET: 'covers' })).toThrow(/S3_ENDPOINT/);
    expect(() => new LocalFileStore('/x').url('../etc/passwd')).toThrow(/Unsafe/);
  });
});

describe('keyOfUrl', () => {
  it("gives back the key of a URL the store made, and null for any other URL", () => {
    const local = new LocalFileStore('/x');
    expect(keyOfUrl(local, local.url('sifts/ab3-0f.jpg'))).toBe('sifts/ab3-0f.jpg');
    expect(keyOfUrl(local, '/media/thumbnails/v1.jpg')).toBeNull();
    expect(keyOfUrl(local, '/media/uploads/../db/x')).toBeNull();
    const s3 = new S3FileStore({ endpoint: 'http://127.0.0.1:9000', bucket: 'b', accessKeyId: 'a', secretAccessKey: 's', region: 'r', publicUrl: 'https://cdn.example/covers' });
    expect(keyOfUrl(s3, 'https://cdn.example/covers/playlists/1-aa.jpg')).toBe('playlists/1-aa.jpg');
    expect(keyOfUrl(s3, '/media/uploads/playlists/1-aa.jpg')).toBeNull();
  });
});
