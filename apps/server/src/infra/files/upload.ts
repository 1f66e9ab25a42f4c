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

export interface UploadOptions {
  /** The code of the 413 past `maxBytes` (an import promises `IMPORT_TOO_LARGE`); `TOO_LARGE` by default. */
  tooLargeCode?: string;
  /** What a person can do about a file past `maxBytes`, said after the limit. */
  tooLargeHint?: string;
}

/**
 * Reads the one file part named `field` into memory, stopping at `maxBytes`: a larger file is a 413, no file, a
 * second file or a request that is not multipart a 400 naming the field.
 */
export async function readUploadedFile(request: FastifyRequest, field: string, maxBytes: number, options: UploadOptions = {}): Promise<UploadedFile> {
  const missing = () => new HttpError(400, `Send the file as the multipart file field "${field}"`, 'VALIDATION', [
    { field, message: 'is required' },
  ]);
  if (!request.isMultipart()) throw missing();
  const tooLarge = () => new HttpError(413, `The file is too large: at most ${megabytes(maxBytes)}${options.tooLargeHint ? `. ${options.tooLargeHint}` : ''}`, options.tooLargeCode ?? 'TOO_LARGE', [
    { field, message: `must be at most ${megabytes(maxBytes)}` },
  ]);
  const oneFile = () => new HttpError(400, 'Send one file at a time', 'VALIDATION', [{ field, message: 'must be one file, not several' }]);
  const codeOf = (error: unknown) => (error as { code?: string }).code;

  // The parts are read to the end of the form, so a second file is seen (busboy's files limit), not left unread.
  const parts = request.parts({ limits: { fileSize: maxBytes, files: 1 } });
  let file: UploadedFile | null = null;
  try {
    for await (const part of parts) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== field) throw missing();
      try {
        file = { bytes: await part.toBuffer(), filename: part.filename, mimetype: part.mimetype };
      } catch (error) {
        if (codeOf(error) === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
        // The body ended before the file did (a connection cut, a form without its closing boundary): the client's fault.
        throw new HttpError(400, 'The upload was cut short: send the file again', 'UPLOAD_INCOMPLETE', [{ field, message: 'arrived incomplete' }]);
      }
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if (codeOf(error) === 'FST_FILES_LIMIT') throw oneFile();
    // A form broken before its file names none; one broken after a whole file still delivered it.
    if (file === null) throw missing();
  }
  if (file === null) throw missing();
  return file;
}
