import { type FastifyServerOptions, LogController } from 'fastify';

/**
 * The server's pino logger. Fastify's two lines per request ("incoming request", "request
 * completed") are off unless the level is `debug` or `trace`: every API call is already recorded
 * in the API log (the log module), and at the default `info` level those lines cost about 8 % of
 * the server's CPU under load. Errors, warnings and notable events are logged as before.
 * `stream`: where the lines go (standard output when omitted; tests pass their own).
 */
export function loggerOptions(
  level: string,
  stream?: { write(line: string): void },
): Pick<FastifyServerOptions, 'logger' | 'logController'> {
  return {
    logger: stream ? { level, stream } : { level },
    logController: new LogController({ disableRequestLogging: level !== 'debug' && level !== 'trace' }),
  };
}
