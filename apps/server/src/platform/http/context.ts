import { todayIn, type jobsApi, type TActor, type TRole, type TStaffPermissions } from '@meridian/domain';

type TJob = jobsApi.TJob;
import type { TConfig } from '../config/config.js';
import type { TDatabase, TTx } from '../db/database.js';
import type { TAccessClaims, TokenService } from '../auth/tokens.js';
import type { Tenancy, TTenant } from '../tenancy/tenancy.js';

/**
 * Finds the live session an access token names (null: signed out, revoked, or the account is off).
 * The auth module provides it; the platform only verifies the token and asks.
 */
export type TSessionLookup = (claims: TAccessClaims, institutionId: string) => Promise<TAuthenticatedActor | null>;

/**
 * Finds the actor an integration token acts as, for one call (null: unknown, revoked, expired, or its
 * issuer is gone). It may refuse the call itself (outside the token's scopes, too many calls).
 * The auth module provides it.
 */
export type TIntegrationLookup = (
  secret: string,
  institutionId: string,
  call: { method: string; path: string; access: string },
  ip: string,
) => Promise<TAuthenticatedActor | null>;

export interface TServices {
  config: TConfig;
  database: TDatabase;
  tokens: TokenService;
  tenancy: Tenancy;
  findSession: TSessionLookup;
  findIntegration: TIntegrationLookup;
  /** Long work as jobs (platform/jobs/runner.ts). */
  jobs: TJobQueue;
}

/** What routes and operations use of the job runner. */
export interface TJobQueue {
  /** Starts a job of a registered kind for the context's user; the answer is what the browser follows. */
  enqueue<I extends object>(ctx: TContext, kind: string, input: I, opts?: { startAfter?: Date | undefined }): Promise<TJob>;
  get(ctx: TContext, jobId: string): Promise<TJob>;
  list(ctx: TContext, opts: { kind?: string | undefined; active?: boolean | undefined }): Promise<TJob[]>;
  file(ctx: TContext, jobId: string): Promise<{ key: string; fileName: string; contentType: string }>;
}

export interface TAuthenticatedActor extends TActor {
  userId: string;
  sessionId: string;
  role: TRole;
  staff: TStaffPermissions | null;
  departmentId: string | null;
  /** Set when a campus system calls with an integration token: the token acts for its issuer within its scopes. */
  integration?: { tokenId: string; name: string; scopes: string[] } | undefined;
  /**
   * The session's two-step sign-in (docs/product/two-step-sign-in.md#required-for-office-staff): when it
   * last gave a second step, whether the person has one set up, whether their office requires one.
   */
  secondStep?: { at: Date | null; has: boolean; required: boolean } | undefined;
}

/** What an operation sees of a request: never the request itself. */
export interface TContext {
  institutionId: string;
  /** The institution's IANA time zone (its Site Settings), e.g. 'America/New_York'. */
  timeZone: string;
  /**
   * "Today" at the office: the calendar day (YYYY-MM-DD) it is now in the institution's time zone. The
   * one source of today for operations, queries and date rules; never UTC's day.
   */
  today: () => string;
  actor: TAuthenticatedActor | null;
  ip: string;
  userAgent: string;
  services: TServices;
  /** One transaction scoped to the institution (row-level security). */
  db: <T>(fn: (tx: TTx) => Promise<T>) => Promise<T>;
}

/** A context bound to one institution: its transactions, its time zone and its today. */
export function institutionContext(
  services: TServices,
  tenant: TTenant,
  who: { actor: TAuthenticatedActor | null; ip: string; userAgent: string },
): TContext {
  return {
    institutionId: tenant.id,
    timeZone: tenant.timeZone,
    today: () => todayIn(tenant.timeZone),
    ...who,
    services,
    db: (fn) => services.database.tenant(tenant.id, fn),
  };
}

/** A context for work no user started (the daily jobs), bound to one institution. */
export function systemContext(services: TServices, tenant: TTenant): TContext {
  return institutionContext(services, tenant, { actor: null, ip: '', userAgent: 'daily job' });
}

export function requireActor(ctx: TContext): TAuthenticatedActor {
  if (!ctx.actor) throw new Error('operation needs an actor');
  return ctx.actor;
}
