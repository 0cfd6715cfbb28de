import { z } from 'zod';
import { can, type TActor, type TPermission } from '../../permissions.js';
import { defineRoute } from '../define.js';

/**
 * Integration tokens (docs/product/integration-tokens.md): keys a campus system (SIS, HR) sends as
 * `Authorization: Bearer mrd_it_…` to call the API without a person's password. A token acts for the
 * staff member who issued it, narrowed to its scopes: it can never do more than its issuer can today.
 */

/** Every integration token starts with this, so a leaked one is recognised by secret scanners and by the server. */
export const INTEGRATION_TOKEN_PREFIX = 'mrd_it_';

/** What a token may be given. `read` scopes allow GET calls only; `write` scopes any method. */
export const INTEGRATION_SCOPES = [
  {
    key: 'students:read',
    label: 'Read student records',
    permissions: ['students.read'],
    write: false,
  },
  {
    key: 'students:write',
    label: 'Change and import student records',
    permissions: ['students.read', 'students.manage', 'students.import', 'students.import.active'],
    write: true,
  },
  { key: 'scholars:read', label: 'Read scholar cases', permissions: ['scholars.read'], write: false },
  {
    key: 'scholars:write',
    label: 'Change scholar cases and send HR updates',
    permissions: ['scholars.read', 'scholars.manage', 'scholars.hr-updates'],
    write: true,
  },
  { key: 'requests:read', label: 'Read requests', permissions: ['requests.read'], write: false },
  { key: 'sevis:read', label: 'Read SEVIS batches and results', permissions: ['sevis.read'], write: false },
  {
    key: 'directory:read',
    label: 'Read campus sites and departments',
    permissions: ['people.campus-sites.read', 'people.departments.read'],
    write: false,
  },
] as const satisfies readonly { key: string; label: string; permissions: readonly TPermission[]; write: boolean }[];

export type TIntegrationScope = (typeof INTEGRATION_SCOPES)[number]['key'];
export const ZIntegrationScope = z.enum(INTEGRATION_SCOPES.map((s) => s.key) as [TIntegrationScope, ...TIntegrationScope[]]);

/** Calls open to every token whatever its scopes: following the jobs it started (an import, an export). */
const JOB_PATH = /^\/api\/jobs(\/|$)/;

/**
 * Whether a token with these scopes may make this call: a scope must name the route's permission, and a
 * read scope only reads. Routes for any signed-in person are closed to tokens, except its own jobs.
 */
export function scopesAllow(scopes: readonly string[], call: { method: string; path: string; access: string }): boolean {
  if (call.access === 'public') return true;
  if (call.access === 'authenticated') return call.method === 'GET' && JOB_PATH.test(call.path);
  return INTEGRATION_SCOPES.some(
    (s) => scopes.includes(s.key) && (s.permissions as readonly string[]).includes(call.access) && (s.write || call.method === 'GET'),
  );
}

/** The first scope this person could not hold themselves (a token never gets more than its issuer has), or null. */
export function firstScopeNotHeld(issuer: TActor, scopes: readonly string[]): string | null {
  for (const key of scopes) {
    const scope = INTEGRATION_SCOPES.find((s) => s.key === key);
    if (!scope || !scope.permissions.every((p) => can(issuer, p))) return key;
  }
  return null;
}

/** How long a new token lives, in days: it must be replaced at least once a year. */
export const INTEGRATION_TOKEN_LIFETIMES = [30, 90, 180, 365] as const;
/** Calls one token may make in a minute, over every server. */
export const INTEGRATION_CALLS_PER_MINUTE = 600;

export const MSG_INTEGRATION = {
  nameRequired: 'Enter a name for the token.',
  nameTaken: 'Another active token already has this name.',
  scopesRequired: 'Choose at least one scope.',
  scopeNotHeld: 'You cannot give a token access you do not have yourself.',
  lifetime: 'Choose how long the token lives.',
  outsideScope: "This integration token's scopes do not allow this call.",
  tooManyCalls: 'This integration token made too many calls in the last minute. Wait a minute and try again.',
  alreadyRevoked: 'This token was already revoked.',
} as const;

export const ZCreateIntegrationTokenInput = z.object({
  name: z
    .string({ error: MSG_INTEGRATION.nameRequired })
    .trim()
    .min(1, MSG_INTEGRATION.nameRequired)
    .max(80, 'Keep the name to 80 characters.'),
  scopes: z
    .array(ZIntegrationScope, { error: MSG_INTEGRATION.scopesRequired })
    .min(1, MSG_INTEGRATION.scopesRequired)
    .max(INTEGRATION_SCOPES.length),
  expiresInDays: z.union(
    INTEGRATION_TOKEN_LIFETIMES.map((d) => z.literal(d)),
    { error: MSG_INTEGRATION.lifetime },
  ),
});
export type TCreateIntegrationTokenInput = z.infer<typeof ZCreateIntegrationTokenInput>;

export const ZIntegrationTokenStatus = z.enum(['active', 'expired', 'revoked']);

export const ZIntegrationToken = z.object({
  id: z.uuid(),
  name: z.string(),
  scopes: z.array(ZIntegrationScope),
  /** The last four characters of the secret, to tell tokens apart; the secret itself is never shown again. */
  hint: z.string(),
  status: ZIntegrationTokenStatus,
  createdAt: z.string(),
  createdBy: z.string(),
  expiresAt: z.string(),
  lastUsedAt: z.string().nullable(),
  lastUsedIp: z.string().nullable(),
  useCount: z.number().int(),
  revokedAt: z.string().nullable(),
  revokedBy: z.string().nullable(),
});
export type TIntegrationToken = z.infer<typeof ZIntegrationToken>;

export const listIntegrationTokens = defineRoute({
  method: 'GET',
  path: '/api/integration-tokens',
  access: 'auth.integration-tokens.manage',
  tags: ['integration tokens'],
  summary: "The institution's integration tokens, newest first (never their secrets)",
  response: z.object({ items: z.array(ZIntegrationToken) }),
});

export const createIntegrationToken = defineRoute({
  method: 'POST',
  path: '/api/integration-tokens',
  access: 'auth.integration-tokens.manage',
  // docs/product/two-step-sign-in.md#confirm-its-you
  secondStep: 'recent',
  tags: ['integration tokens'],
  summary: 'Create a token; its secret is in this answer only',
  body: ZCreateIntegrationTokenInput,
  response: z.object({ token: ZIntegrationToken, secret: z.string() }),
});

export const ZIntegrationTokenParams = z.object({ tokenId: z.uuid() });

export const revokeIntegrationToken = defineRoute({
  method: 'DELETE',
  path: '/api/integration-tokens/:tokenId',
  access: 'auth.integration-tokens.manage',
  tags: ['integration tokens'],
  summary: 'Revoke a token: its next call is refused',
  params: ZIntegrationTokenParams,
  response: ZIntegrationToken,
});

export const ZIntegrationTokenUse = z.object({
  id: z.string(),
  at: z.string(),
  call: z.string(),
  ip: z.string().nullable(),
  refused: z.string().nullable(),
});
export type TIntegrationTokenUse = z.infer<typeof ZIntegrationTokenUse>;

export const listIntegrationTokenUses = defineRoute({
  method: 'GET',
  path: '/api/integration-tokens/:tokenId/uses',
  access: 'auth.integration-tokens.manage',
  tags: ['integration tokens'],
  summary: "A token's calls, newest first, from the audit trail",
  params: ZIntegrationTokenParams,
  query: z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) }),
  response: z.object({ items: z.array(ZIntegrationTokenUse) }),
});
