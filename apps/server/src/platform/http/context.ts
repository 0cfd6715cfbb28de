import type { TActor, TRole, TStaffPermissions } from '@meridian/domain';
import type { TConfig } from '../config/config.js';
import type { TDatabase, TTx } from '../db/database.js';
import type { TAccessClaims, TokenService } from '../auth/tokens.js';
import type { Tenancy } from '../tenancy/tenancy.js';

/**
 * Finds the live session an access token names (null: signed out, revoked, or the account is off).
 * The auth module provides it; the platform only verifies the token and asks.
 */
export type TSessionLookup = (claims: TAccessClaims, institutionId: string) => Promise<TAuthenticatedActor | null>;

export interface TServices {
  config: TConfig;
  database: TDatabase;
  tokens: TokenService;
  tenancy: Tenancy;
  findSession: TSessionLookup;
}

export interface TAuthenticatedActor extends TActor {
  userId: string;
  sessionId: string;
  role: TRole;
  staff: TStaffPermissions | null;
  departmentId: string | null;
}

/** What an operation sees of a request: never the request itself. */
export interface TContext {
  institutionId: string;
  actor: TAuthenticatedActor | null;
  ip: string;
  userAgent: string;
  services: TServices;
  /** One transaction scoped to the institution (row-level security). */
  db: <T>(fn: (tx: TTx) => Promise<T>) => Promise<T>;
}

export function requireActor(ctx: TContext): TAuthenticatedActor {
  if (!ctx.actor) throw new Error('operation needs an actor');
  return ctx.actor;
}
