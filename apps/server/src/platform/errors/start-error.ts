import { ZodError } from 'zod';
import { isDatabaseUnavailable } from '../db/errors.js';

/** A start-up failure we understood: what is wrong, and what the person starting Meridian should do. */
export class StartError extends Error {
  constructor(
    readonly what: string,
    readonly todo: string,
  ) {
    super(what);
    this.name = 'StartError';
  }
}

/** Where start-up was when it failed, in the operator's words. */
export type TStartStep =
  | 'reading the settings'
  | 'starting the embedded database'
  | 'connecting to the database'
  | 'updating the database'
  | 'seeding the demo'
  | 'starting the web server';

const where = (url: string | undefined): string => {
  if (!url) return 'the database';
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || 5432}${u.pathname}`;
  } catch {
    return 'the database in DATABASE_URL';
  }
};

const codeOf = (e: unknown): string => {
  for (let err = e as { code?: unknown; cause?: unknown } | null, i = 0; err && i < 6; i++, err = err.cause as typeof err)
    if (typeof err.code === 'string') return err.code;
  return '';
};

/**
 * The message a failed start prints: never "undefined", always what went wrong and what to do
 * (docs/product/operations.md#starting). The database address is shown without its password.
 */
export function describeStartFailure(e: unknown, ctx: { step: TStartStep; databaseUrl?: string | undefined; port?: number }): string {
  const say = (what: string, todo: string) => `Meridian could not start: ${what}\nWhat to do: ${todo}`;
  if (e instanceof StartError) return say(e.what, e.todo);
  if (e instanceof ZodError) {
    const lines = e.issues.map((i) => `${i.path.join('.') || 'setting'}: ${i.message}`).join('; ');
    return say(`a setting is not valid (${lines}).`, 'Correct that environment variable (see the README, "Settings") and start again.');
  }
  const code = codeOf(e);
  const message = e instanceof Error && e.message ? e.message : 'no reason was given';
  if (ctx.step === 'starting the web server' && code === 'EADDRINUSE')
    return say(
      `port ${ctx.port ?? ''} is taken by another program (perhaps Meridian is already running).`,
      `Stop that program, or choose another port: PORT=${(ctx.port ?? 3000) + 1} npm start`,
    );
  if (ctx.step === 'starting the web server' && code === 'EACCES')
    return say(
      `this user may not listen on port ${ctx.port ?? ''}.`,
      'Choose a port above 1024 (PORT=3000) and put a reverse proxy in front for port 80/443.',
    );
  if (code === '28P01' || code === '28000')
    return say(
      `the database at ${where(ctx.databaseUrl)} refused the user name or password in DATABASE_URL.`,
      'Correct the user and password in DATABASE_URL.',
    );
  if (code === '3D000')
    return say(
      `the database named in DATABASE_URL (${where(ctx.databaseUrl)}) does not exist.`,
      'Create it (createdb <name>) or correct DATABASE_URL.',
    );
  if (code === '42501')
    return say(
      `the database user may not change the schema (${message}).`,
      'Run Meridian with a database user that owns its database (it creates its tables and roles on start).',
    );
  if (isDatabaseUnavailable(e))
    return say(
      `the database at ${where(ctx.databaseUrl)} cannot be reached (${code || message}).`,
      ctx.databaseUrl
        ? 'Start PostgreSQL or correct DATABASE_URL; leave DATABASE_URL unset to use the embedded database.'
        : 'Start again; if it fails the same way, delete the data folder to start afresh with an empty demo.',
    );
  return say(
    `an error while ${ctx.step}: ${message}.`,
    'Read the lines above for the cause; if it is not clear, report it with this output.',
  );
}
