import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { stdSerializers } from 'pino';

type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/**
 * The server's logger (issue 18 defect 9): JSON lines, one object a line, for whatever collects them (a container's
 * log driver, journald, a file); on a terminal, where a person reads them, the same lines through pino-pretty —
 * time, level and message on one line, details after. pino-pretty loads only then.
 */
export async function loggerOptions(level: LogLevel, terminal = process.stdout.isTTY === true): Promise<FastifyServerOptions['logger']> {
  if (!terminal) return { level, serializers: LOG_SERIALIZERS };
  const { default: pretty } = await import('pino-pretty');
  // The request line's fields are in its message already; sync: a line is written before the next statement runs, so nothing is lost when the process exits right after.
  const stream = pretty({ colorize: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,reqId,method,url,statusCode,ms', singleLine: true, sync: true });
  return { level, stream, serializers: LOG_SERIALIZERS };
}

/**
 * Every `{ err }` the app logs goes through this. A failed query (Drizzle's DrizzleQueryError) carries its parameters
 * in `params`, its message and its stack: they may be a member's data, a whole import file among them. The log keeps
 * the query's text and the database's own message and code (`cause`), never the values (issue 28).
 */
export const LOG_SERIALIZERS = { err: (error: unknown) => stdSerializers.err(withoutQueryValues(error) as Error) };

interface QueryError extends Error {
  query: string;
  params: unknown[];
}

const isQueryError = (error: Error): error is QueryError => typeof (error as Partial<QueryError>).query === 'string' && Array.isArray((error as Partial<QueryError>).params);

/** `error` as it may be logged: a failed query, also as the cause of another error, without its parameters. */
export function withoutQueryValues(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  if (isQueryError(error)) {
    const logged = new Error(`Failed query: ${error.query}`, { cause: databaseCause(error.cause) });
    logged.name = 'DrizzleQueryError';
    const frames = error.stack?.indexOf('\n    at ') ?? -1;
    logged.stack = `${logged.name}: ${logged.message}${frames >= 0 ? error.stack!.slice(frames) : ''}`;
    const code = (error.cause as { code?: unknown } | undefined)?.code;
    return Object.assign(logged, { query: error.query }, typeof code === 'string' ? { code } : {});
  }
  if (!(error.cause instanceof Error)) return error;
  const cause = withoutQueryValues(error.cause);
  if (cause === error.cause) return error;
  // A copy: the error itself is left as its thrower made it.
  return Object.assign(Object.create(Object.getPrototypeOf(error) as object) as Error, error, { message: error.message, stack: error.stack, cause });
}

/**
 * The database's message and SQLSTATE of a failed query. Its `detail` and `where` may quote values, so they stay out;
 * so does the value a data exception (SQLSTATE class 22: `invalid input syntax for type integer: "…"`) quotes, where
 * other messages quote names (`relation "users" does not exist`), which are kept.
 */
function databaseCause(cause: unknown): Error | undefined {
  if (!(cause instanceof Error)) return undefined;
  const code = (cause as { code?: unknown }).code;
  const message = typeof code === 'string' && code.startsWith('22') ? cause.message.replace(/"[\s\S]*"/, '"…"') : cause.message;
  const summary = new Error(message);
  summary.name = cause.name;
  summary.stack = `${cause.name}: ${message}`;
  return typeof code === 'string' ? Object.assign(summary, { code }) : summary;
}

/**
 * One line per request, at `debug`, with its status and time, in place of Fastify's two `info` lines (received and
 * completed): at the default level the console tells what happens to the app, not its traffic. A request that
 * failed keeps Fastify's own error line.
 */
export class RequestLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply, metadata?: Record<string, unknown>): void {
    if (error) return super.requestCompleted(error, request, reply, metadata);
    const ms = Math.round(reply.elapsedTime * 10) / 10;
    reply.log.debug({ method: request.method, url: request.url, statusCode: reply.statusCode, ms }, `${request.method} ${request.url} → ${reply.statusCode} in ${ms} ms`);
  }

  override routeNotFound(request: FastifyRequest): void {
    request.log.debug(`no route for ${request.method} ${request.url}`);
  }
}
