/**
 * The worker thread that reads import files (see import-parser.ts). It answers a plain object rather than throwing:
 * an error crossing the thread boundary loses its class, and a parser's failure is the file's fault, not the server's.
 */
import type { MessagePort } from 'node:worker_threads';
import { ImportFileError, parseImportFile, type ImportBundle } from './formats/index.js';

export type ParseOutcome =
  | { ok: true; bundle: ImportBundle }
  | { ok: false; code: ImportFileError['code']; message: string }
  /** A parser threw something else: a bug met by this file. Logged by the caller, answered as a damaged file. */
  | { ok: false; code: 'UNEXPECTED'; error: string };

/** A file to read, and where to say that reading has begun (the caller's time limit runs from then). */
export interface ParseTask {
  data: Uint8Array;
  started: MessagePort;
}

export default async function parse({ data, started }: ParseTask): Promise<ParseOutcome> {
  started.postMessage('reading');
  started.close();
  try {
    return { ok: true, bundle: await parseImportFile(data) };
  } catch (error) {
    if (error instanceof ImportFileError) return { ok: false, code: error.code, message: error.message };
    // The name and the start of the message only: a parser's message may quote the member's file.
    const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    return { ok: false, code: 'UNEXPECTED', error: text.slice(0, 200) };
  }
}
