import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The repository root, whatever folder npm started us from. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');

const ZEnv = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /** Unset: localhost with the embedded database (a laptop), every interface with DATABASE_URL (a server). */
  HOST: z.string().optional(),
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().optional(),
  EMBEDDED_PG_PORT: z.coerce.number().int().default(54329),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Meridian <no-reply@localhost>'),
  /** At most this many e-mails a minute leave for the mail server (its or the provider's sending limit). */
  MAIL_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(600),
  /** DKIM signing of outgoing mail: all three, or none (docs/product/operations.md#dkim-signing). */
  DKIM_DOMAIN: z.string().optional(),
  DKIM_SELECTOR: z.string().optional(),
  /** The private key in PEM; line breaks may be written as \n. */
  DKIM_PRIVATE_KEY: z.string().optional(),
  /** '0' starts without the demo institution (a real office); the setup wizard then opens. */
  MERIDIAN_DEMO: z.enum(['0', '1']).default('1'),
  /** Address that links in e-mails use for the demo institution. */
  PUBLIC_BASE_URL: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  /** Behind a load balancer: 'true', a hop count, or a comma list of proxy addresses/CIDRs. */
  TRUST_PROXY: z.string().optional(),
  /** Serves Prometheus metrics at /metrics to a scraper presenting this bearer token; unset: no /metrics. */
  METRICS_TOKEN: z.string().min(16, 'use at least 16 characters').optional(),
});

export interface TConfig {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  embeddedPgPort: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  mailRatePerMinute: number;
  dkim: { domainName: string; keySelector: string; privateKey: string } | undefined;
  seedDemo: boolean;
  publicBaseUrl: string;
  logLevel: string;
  webDist: string;
  trustProxy: boolean | number | string[];
  metricsToken: string | undefined;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): TConfig {
  const e = ZEnv.parse(env);
  return {
    port: e.PORT,
    host: e.HOST || (e.DATABASE_URL ? '0.0.0.0' : 'localhost'),
    databaseUrl: e.DATABASE_URL || undefined,
    dataDir: path.resolve(REPO_ROOT, e.DATA_DIR ?? 'data'),
    embeddedPgPort: e.EMBEDDED_PG_PORT,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    mailRatePerMinute: e.MAIL_RATE_PER_MINUTE,
    dkim: parseDkim(e.DKIM_DOMAIN, e.DKIM_SELECTOR, e.DKIM_PRIVATE_KEY),
    seedDemo: e.MERIDIAN_DEMO === '1',
    publicBaseUrl: (e.PUBLIC_BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve(REPO_ROOT, e.WEB_DIST ?? 'apps/web/dist'),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    metricsToken: e.METRICS_TOKEN || undefined,
  };
}

function parseTrustProxy(v: string | undefined): boolean | number | string[] {
  if (!v || v === 'false') return false;
  if (v === 'true') return true;
  if (/^\d+$/.test(v)) return Number(v);
  return v
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
}

/** All three DKIM settings, or none; a half-configured signer stops the start rather than send unsigned mail unnoticed. */
function parseDkim(domain: string | undefined, selector: string | undefined, key: string | undefined): TConfig['dkim'] {
  const given = [domain, selector, key].filter((v) => v && v.trim());
  if (given.length === 0) return undefined;
  if (given.length < 3) throw new Error('DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY must be set together (or none of them).');
  const privateKey = key!.replace(/\\n/g, '\n').trim();
  if (!/^-----BEGIN (RSA |EC )?PRIVATE KEY-----/.test(privateKey)) throw new Error('DKIM_PRIVATE_KEY must be a private key in PEM form.');
  return { domainName: domain!.trim(), keySelector: selector!.trim(), privateKey };
}
