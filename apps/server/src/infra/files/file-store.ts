import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AwsClient } from 'aws4fetch';

/**
 * Where uploaded files (cover images) live. Keys are relative paths made by the server (`playlists/12-ab3f.jpg`),
 * never by the client. The embedded default is a local folder served at `/media/uploads/<key>`; with the S3
 * settings (README "Configuration") an S3-compatible bucket holds them and `S3_PUBLIC_URL` serves them.
 */
export interface FileStore {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  delete(key: string): Promise<void>;
  url(key: string): string;
}

/** URL path under which `LocalFileStore` files are served (see `uploads.routes.ts`). */
export const LOCAL_UPLOADS_PREFIX = '/media/uploads/';

const SAFE_KEY = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/i;

function checkKey(key: string): string {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`Unsafe file key: ${key}`);
  return key;
}

/**
 * The key behind a URL that this store made (`store.url(key)`), or null for any other URL (a video's thumbnail, a
 * URL of another store). Every store's URL is a fixed prefix followed by the key.
 */
export function keyOfUrl(store: FileStore, url: string): string | null {
  const prefix = store.url('x').slice(0, -1);
  if (!url.startsWith(prefix)) return null;
  const key = url.slice(prefix.length);
  return SAFE_KEY.test(key) && !key.includes('..') ? key : null;
}

/** Files in `$DATA_DIR/media/uploads`; every key names a new file, so the URL can be cached for a year. */
export class LocalFileStore implements FileStore {
  constructor(readonly root: string) {}

  /** The content type is not kept: every stored key ends with its extension, which the static server maps. */
  async put(key: string, bytes: Buffer, _contentType?: string): Promise<void> {
    const file = path.join(this.root, checkKey(key));
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, bytes);
  }

  async delete(key: string): Promise<void> {
    await rm(path.join(this.root, checkKey(key)), { force: true });
  }

  url(key: string): string {
    return `${LOCAL_UPLOADS_PREFIX}${checkKey(key)}`;
  }
}

export interface S3Settings {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** Where the bucket's objects are readable by browsers (a CDN or the bucket's public address). */
  publicUrl: string;
}

/** An S3-compatible bucket (AWS, MinIO, R2 …) through signed requests (aws4fetch), path-style addressing. */
export class S3FileStore implements FileStore {
  private readonly client: AwsClient;

  constructor(private readonly settings: S3Settings) {
    this.client = new AwsClient({
      accessKeyId: settings.accessKeyId,
      secretAccessKey: settings.secretAccessKey,
      region: settings.region,
      service: 's3',
    });
  }

  private objectUrl(key: string): string {
    return `${this.settings.endpoint.replace(/\/+$/, '')}/${encodeURIComponent(this.settings.bucket)}/${checkKey(key)}`;
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    const response = await this.client.fetch(this.objectUrl(key), {
      method: 'PUT',
      body: bytes,
      headers: { 'Content-Type': contentType, 'Cache-Control': 'public, max-age=31536000, immutable' },
    });
    if (!response.ok) throw new Error(`S3 PUT ${key} failed: ${response.status} ${await response.text()}`);
  }

  async delete(key: string): Promise<void> {
    const response = await this.client.fetch(this.objectUrl(key), { method: 'DELETE' });
    if (!response.ok && response.status !== 404) throw new Error(`S3 DELETE ${key} failed: ${response.status}`);
  }

  url(key: string): string {
    return `${this.settings.publicUrl.replace(/\/+$/, '')}/${checkKey(key)}`;
  }
}

/**
 * The store the environment asks for: S3 when `S3_BUCKET` is set (then the other S3 variables are required),
 * otherwise the local folder `$DATA_DIR/media/uploads`.
 */
export function createFileStore(dataDir: string, env: NodeJS.ProcessEnv = process.env): FileStore {
  if (!env.S3_BUCKET) return new LocalFileStore(path.join(dataDir, 'media', 'uploads'));
  const missing = ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PUBLIC_URL'].filter((name) => !env[name]);
  if (missing.length > 0) throw new Error(`Invalid configuration: S3_BUCKET is set but ${missing.join(', ')} is not`);
  return new S3FileStore({
    endpoint: env.S3_ENDPOINT!,
    bucket: env.S3_BUCKET,
    accessKeyId: env.S3_ACCESS_KEY_ID!,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
    region: env.S3_REGION ?? 'us-east-1',
    publicUrl: env.S3_PUBLIC_URL!,
  });
}
