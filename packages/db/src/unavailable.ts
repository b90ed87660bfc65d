/** SQLSTATEs that say the database cannot serve right now, not that the statement is wrong. */
const unavailableStates = new Set(['53300', '57P01', '57P02', '57P03', '40001', '40P01']);
/** Socket errors of a database that cannot be reached. */
const socketCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EPIPE', 'EAI_AGAIN']);
/** node-postgres reports a lost or refused connection by message only. */
const poolMessages =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Cannot use a pool after calling end)/;

/**
 * Whether a failure means the database is unreachable or overloaded (connection refused or lost,
 * server shutting down, too many connections, the embedded database's worker gone): the request
 * may succeed if sent again shortly, so it is answered 503 with Retry-After rather than 500.
 */
export function isDbUnavailable(e: unknown): boolean {
  if (!(e instanceof Error)) return false;
  const code = (e as { code?: unknown }).code;
  if (typeof code === 'string' && (code.startsWith('08') || unavailableStates.has(code) || socketCodes.has(code))) return true;
  return poolMessages.test(e.message);
}
