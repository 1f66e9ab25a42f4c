/**
 * Import files are read off the event loop (issue 28, decisions/032): a parser's cost is bounded by what the file may
 * produce, but a 20 MiB file still takes seconds of CPU, and no request of anyone else may wait for it. Files are read
 * in a worker thread of a small pool (piscina) under a time limit: past it the thread is terminated and the sender
 * gets a 422. The pool starts its threads when a file comes and lets them go when idle.
 */
import { availableParallelism } from 'node:os';
import { MessageChannel } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import { Piscina } from 'piscina';
import { HttpError } from '../../infra/http/errors.js';
import { ImportFileError, type ImportBundle } from './formats/index.js';
import type { ParseOutcome, ParseTask } from './import-parser.worker.js';

export interface ImportParserOptions {
  /** How long a file may take to read, from when a thread starts on it. */
  timeLimitMs?: number;
  /** How long a file may wait for a thread; past it the upload is refused as "busy" (503). */
  waitLimitMs?: number;
  /** Threads reading files at once (default: one per core but the event loop's). */
  threads?: number;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

/** Far more than any real export needs (100,000 rows read in about two seconds on a busy two-core machine). */
const DEFAULT_TIME_LIMIT_MS = 30_000;
/**
 * A file waiting behind others is told Sift is busy, not that it takes too long: the wait is no fault of the file (a
 * time limit that counted it refused a small file queued behind someone's huge one as "too long to read").
 */
const DEFAULT_WAIT_LIMIT_MS = 30_000;
/** Files waiting for a thread; past this the upload is refused as "busy" (503) rather than kept waiting. */
const MAX_WAITING = 8;
/** Memory a thread may take: twice the largest zip's unpacked size, and sql.js's database. */
const MAX_THREAD_HEAP_MB = 1024;

/** The source's worker is TypeScript (tests, `npm run dev`); the built server's is dist/import-parser.worker.js. */
function workerFile(): { filename: string; execArgv: string[] } {
  const fromSource = import.meta.url.endsWith('.ts');
  return fromSource
    ? { filename: new URL('./import-parser.worker.ts', import.meta.url).href, execArgv: ['--import', 'tsx'] }
    : { filename: new URL('./import-parser.worker.js', import.meta.url).href, execArgv: [] };
}

export class ImportParser {
  private pool: Piscina | undefined;
  private readonly timeLimitMs: number;
  private readonly waitLimitMs: number;

  constructor(private readonly options: ImportParserOptions) {
    this.timeLimitMs = options.timeLimitMs ?? DEFAULT_TIME_LIMIT_MS;
    this.waitLimitMs = options.waitLimitMs ?? DEFAULT_WAIT_LIMIT_MS;
  }

  /** Reads `data` into a bundle; throws ImportFileError (the file's fault) or an HttpError 503 (too many at once). */
  async parse(data: Uint8Array): Promise<ImportBundle> {
    // A copy of its own, moved to the thread: the upload's buffer may share memory with others.
    const copy = new Uint8Array(data);
    const threads = this.threads();
    if (threads.queueSize >= MAX_WAITING) throw busy();
    // The thread says when it starts on the file (import-parser.worker.ts): the time limit runs from then, the wait
    // for a thread has a limit of its own.
    const abort = new AbortController();
    const { port1: startedHere, port2: started } = new MessageChannel();
    let reading = false;
    let readTimer: ReturnType<typeof setTimeout> | undefined;
    const waitTimer = setTimeout(() => abort.abort(), this.waitLimitMs);
    startedHere.once('message', () => {
      reading = true;
      clearTimeout(waitTimer);
      readTimer = setTimeout(() => abort.abort(), this.timeLimitMs);
    });
    let outcome: ParseOutcome;
    try {
      const task: ParseTask = { data: copy, started };
      outcome = (await threads.run(task, { signal: abort.signal, transferList: [copy.buffer, started] })) as ParseOutcome;
    } catch (error) {
      if (isAbort(error) && !reading) throw busy();
      if (isAbort(error)) {
        this.replaceThreadForWaiting(threads);
        throw new ImportFileError(
          `This file takes too long to read (more than ${Math.round(this.timeLimitMs / 1000)} seconds), more than any export needs. Export less and import each file, or download the export again.`,
          'IMPORT_FILE_INVALID',
        );
      }
      throw error;
    } finally {
      clearTimeout(waitTimer);
      clearTimeout(readTimer);
      startedHere.close();
    }
    if (outcome.ok) return outcome.bundle;
    if (outcome.code !== 'UNEXPECTED') throw new ImportFileError(outcome.message, outcome.code);
    this.options.log.warn({ parserError: outcome.error }, 'An import file made a parser fail');
    throw new ImportFileError('This file is damaged and cannot be read. Download the export again and upload the new file.', 'IMPORT_FILE_INVALID');
  }

  /**
   * piscina ends the thread of a file that ran out of time and, keeping no threads (minThreads 0), starts no other: the
   * files waiting for one would wait until yet another file came (the next file in the queue was refused as busy after
   * its whole wait). An empty file, read at once and its answer unused, makes it start one.
   */
  private replaceThreadForWaiting(threads: Piscina): void {
    if (threads.queueSize === 0) return;
    const { port1, port2: started } = new MessageChannel();
    port1.close();
    const empty: ParseTask = { data: new Uint8Array(0), started };
    threads.run(empty, { transferList: [started] }).catch(() => undefined);
  }

  async close(): Promise<void> {
    const pool = this.pool;
    this.pool = undefined;
    await pool?.destroy();
  }

  private threads(): Piscina {
    this.pool ??= new Piscina({
      ...workerFile(),
      minThreads: 0,
      // One thread per spare core: the event loop keeps one.
      maxThreads: this.options.threads ?? Math.max(1, availableParallelism() - 1),
      maxQueue: MAX_WAITING,
      idleTimeout: 60_000,
      resourceLimits: { maxOldGenerationSizeMb: MAX_THREAD_HEAP_MB },
    });
    return this.pool;
  }
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError');
}

function busy(): HttpError {
  return new HttpError(503, 'Sift is reading many files right now. Try again in a few seconds.', 'OVERLOADED', undefined, { 'Retry-After': '5' });
}
