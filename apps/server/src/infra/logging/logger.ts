import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';

type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/**
 * The server's logger (issue 18 defect 9): JSON lines, one object a line, for whatever collects them (a container's
 * log driver, journald, a file); on a terminal, where a person reads them, the same lines through pino-pretty —
 * time, level and message on one line, details after. pino-pretty loads only then.
 */
export async function loggerOptions(level: LogLevel, terminal = process.stdout.isTTY === true): Promise<FastifyServerOptions['logger']> {
  if (!terminal) return { level };
  const { default: pretty } = await import('pino-pretty');
  // The request line's fields are in its message already; sync: a line is written before the next statement runs, so nothing is lost when the process exits right after.
  const stream = pretty({ colorize: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,reqId,method,url,statusCode,ms', singleLine: true, sync: true });
  return { level, stream };
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
