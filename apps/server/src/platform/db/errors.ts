/** Whether a database error (drizzle wraps the driver's in `cause`) is a unique violation, of one constraint if named. */
export function isUniqueViolation(e: unknown, constraint?: string): boolean {
  const err = ((e as { cause?: unknown } | null)?.cause ?? e) as { code?: string; constraint?: string } | null;
  return err?.code === '23505' && (!constraint || err.constraint === constraint);
}

/** SQLSTATEs that mean the server went away or cannot take us now, not that the statement was wrong. */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300', '08000', '08001', '08003', '08004', '08006']);
const UNAVAILABLE_NETWORK = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EPIPE', 'EAI_AGAIN']);
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Client was closed and is not queryable',
  'Cannot use a pool after calling end',
];

/**
 * Whether an error (anywhere in its `cause` chain) says the database cannot be reached right now:
 * PostgreSQL restarting or shut down, a terminated connection, no connection within the pool's wait.
 * Such a request is answered 503 and the server carries on; it reconnects by itself.
 */
export function isDatabaseUnavailable(e: unknown): boolean {
  for (let err = e as { code?: unknown; message?: unknown; cause?: unknown } | null, depth = 0; err && depth < 6; depth++) {
    const code = typeof err.code === 'string' ? err.code : '';
    if (UNAVAILABLE_STATES.has(code) || UNAVAILABLE_NETWORK.has(code)) return true;
    const message = typeof err.message === 'string' ? err.message : '';
    if (UNAVAILABLE_MESSAGES.some((m) => message.includes(m))) return true;
    err = err.cause as typeof err;
  }
  return false;
}

/** The SQLSTATE of a database error, looking through drizzle's wrapper; '' for anything else. */
export function dbCodeOf(e: unknown): string {
  for (let err = e as { code?: unknown; cause?: unknown } | null, depth = 0; err && depth < 6; depth++, err = err.cause as typeof err)
    if (typeof err.code === 'string' && /^[0-9A-Z]{5}$/.test(err.code)) return err.code;
  return '';
}

/** PostgreSQL's class 22, data exception: a value the column or function cannot take (input, not a bug in the statement). */
export const isDataException = (e: unknown): boolean => dbCodeOf(e).startsWith('22');
