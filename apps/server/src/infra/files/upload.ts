import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../http/errors.js';

/** Accepts multipart/form-data on every route (one file, no other large parts); call once in the app. */
export async function registerMultipart(app: FastifyInstance): Promise<void> {
  await app.register(fastifyMultipart, { limits: { files: 1, fields: 10, fieldSize: 1024, parts: 12 } });
}

export interface UploadedFile {
  bytes: Buffer;
  filename: string;
  /** What the client declared; never trusted for the format (see `prepareCoverImage`). */
  mimetype: string;
}

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/**
 * Reads the one file part named `field` into memory, stopping at `maxBytes`: a larger file is a 413, no file or a
 * request that is not multipart a 400 naming the field.
 */
export async function readUploadedFile(request: FastifyRequest, field: string, maxBytes: number): Promise<UploadedFile> {
  const missing = () => new HttpError(400, `Send the file as the multipart file field "${field}"`, 'VALIDATION', [
    { field, message: 'is required' },
  ]);
  if (!request.isMultipart()) throw missing();
  let part;
  try {
    part = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
  } catch {
    throw missing();
  }
  if (!part || part.fieldname !== field) throw missing();
  try {
    const bytes = await part.toBuffer();
    return { bytes, filename: part.filename, mimetype: part.mimetype };
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new HttpError(413, `The file is too large: at most ${megabytes(maxBytes)}`, 'TOO_LARGE', [
        { field, message: `must be at most ${megabytes(maxBytes)}` },
      ]);
    }
    // The body ended before the file did (a connection cut, a form without its closing boundary): the client's fault.
    throw new HttpError(400, 'The upload was cut short: send the file again', 'UPLOAD_INCOMPLETE', [{ field, message: 'arrived incomplete' }]);
  }
}
