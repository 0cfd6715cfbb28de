import type { TActor, TRole, TStaffPermissions } from '@meridian/domain';
import type { TConfig } from '../config/config.js';
import type { TDatabase, TTx } from '../db/database.js';
import type { TokenService } from '../auth/tokens.js';
import type { Tenancy } from '../tenancy/tenancy.js';

export interface TServices {
  config: TConfig;
  database: TDatabase;
  tokens: TokenService;
  tenancy: Tenancy;
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
