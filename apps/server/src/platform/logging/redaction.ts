/**
 * What the server log may carry: never a person's data (docs/product/operations.md#logs). A failed
 * query's values (a passport number, a name), PostgreSQL's "detail" (it repeats the offending key's
 * value) and the query string of a URL (a search for a student's name) are removed here, at the
 * logger, so no call site has to remember.
 */

type TLoggedError = Record<string, unknown>;

/** The logger's `err` serializer. */
export const serializeError = (err: Error): { type: string; message: string; stack: string; [key: string]: unknown } => {
  const out = redactError(err);
  return typeof out === 'string' ? { type: 'unknown', message: out, stack: '' } : { type: '', message: '', stack: '', ...out };
};

/** drizzle appends the statement's values to its message ("Failed query: …\nparams: …"). */
const withoutParams = (message: string): string => message.replace(/\nparams:[\s\S]*$/, '\nparams: [redacted]');

/** Fields of driver errors that name things (SQLSTATE, constraint, table) but hold no values. */
const SAFE_FIELDS = ['code', 'severity', 'routine', 'constraint', 'table', 'column', 'schema', 'dataType', 'statusCode'] as const;

/** The error as the log shows it: its kind, message without values, stack frames, safe fields, causes. */
export function redactError(err: unknown, depth = 0): TLoggedError | string {
  if (!(err instanceof Error)) return typeof err === 'string' ? '[redacted string]' : String(typeof err);
  const message = withoutParams(err.message);
  const frames = (err.stack ?? '').split('\n').filter((l) => /^\s+at /.test(l));
  const out: TLoggedError = { type: err.constructor.name, message, stack: [`${err.name}: ${message}`, ...frames].join('\n') };
  const fields = err as unknown as Record<string, unknown>;
  for (const k of SAFE_FIELDS) if (fields[k] !== undefined && typeof fields[k] !== 'object') out[k] = fields[k];
  if (typeof fields.query === 'string') out.query = fields.query;
  if (fields.cause !== undefined && depth < 4) out.cause = redactError(fields.cause, depth + 1);
  return out;
}

/** A URL with its query values replaced: the path and which parameters were used stay readable. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const keys = url
    .slice(q + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => `${pair.split('=')[0]}=…`);
  return `${url.slice(0, q)}?${keys.join('&')}`;
}

type TLoggedRequest = { method: string; url: string; hostname?: string; remoteAddress?: string; remotePort?: number };

/** Fastify's request serializer, with the query string's values removed. */
export function redactRequest(req: {
  method: string;
  url: string;
  hostname?: string | undefined;
  ip?: string | undefined;
  socket?: { remotePort?: number | undefined } | undefined;
}): TLoggedRequest {
  const out: TLoggedRequest = { method: req.method, url: redactUrl(req.url) };
  if (req.hostname !== undefined) out.hostname = req.hostname;
  if (req.ip !== undefined) out.remoteAddress = req.ip;
  if (req.socket?.remotePort !== undefined) out.remotePort = req.socket.remotePort;
  return out;
}
