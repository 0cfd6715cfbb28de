import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z, ZodType } from 'zod';
import { authApi, can, MSG, type RouteContract } from '@meridian/domain';
import { writeAudit } from '../audit/audit.js';
import { forgetCachedSessions } from '../auth/session-cache.js';
import { AppError, forbidden, unauthenticated } from '../errors/app-error.js';
import { institutionContext, type TAuthenticatedActor, type TContext, type TServices } from './context.js';
import type { TTenant } from '../tenancy/tenancy.js';

type Defined<T> = Exclude<T, undefined>;
type Infer<T> = [Defined<T>] extends [never] ? undefined : Defined<T> extends ZodType ? z.output<Defined<T>> : undefined;
export type TInput<C extends RouteContract> = { body: Infer<C['body']>; query: Infer<C['query']>; params: Infer<C['params']> };
type THandler<C extends RouteContract> = (ctx: TContext, input: TInput<C>, http: TRouteHttp) => Promise<z.input<C['response']>>;

/** What a route (never an operation) may touch of the HTTP exchange beyond its input: cookies. */
export interface TRouteHttp {
  /** The value of a cookie the request carried; undefined when none. */
  cookie(name: string): string | undefined;
  /**
   * Sets a cookie on the answer: always HttpOnly and SameSite=Strict, Secure when the request came
   * over https (the portal also runs over plain http on an internal host while an office sets up).
   */
  setCookie(name: string, value: string, opts: { path: string; maxAgeS: number }): void;
}

/** The cookies of a request, by name (the first of a repeated name wins). */
export function parseCookies(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i <= 0) continue;
    const name = part.slice(0, i).trim();
    if (name && !(name in out)) out[name] = part.slice(i + 1).trim();
  }
  return out;
}

const COOKIE_VALUE = /^[A-Za-z0-9._~-]*$/;

function routeHttp(req: FastifyRequest, reply: FastifyReply): TRouteHttp {
  let cookies: Record<string, string> | null = null;
  return {
    cookie: (name) => (cookies ??= parseCookies(req.headers.cookie))[name],
    setCookie: (name, value, opts) => {
      if (!COOKIE_VALUE.test(value)) throw new Error('cookie values are URL-safe tokens');
      const parts = [`${name}=${value}`, `Path=${opts.path}`, `Max-Age=${Math.floor(opts.maxAgeS)}`, 'HttpOnly', 'SameSite=Strict'];
      if (req.protocol === 'https') parts.push('Secure');
      const prior = reply.getHeader('set-cookie');
      const list = prior === undefined ? [] : Array.isArray(prior) ? prior.map(String) : [String(prior)];
      void reply.header('set-cookie', [...list, parts.join('; ')]);
    },
  };
}

export interface TRouteOptions {
  /** Routes that work before any institution exists (health, setup). */
  tenantless?: boolean;
  /** Extra headers, e.g. no-referrer on one-time link pages. */
  headers?: Record<string, string>;
  /**
   * The route starts long work and answers with its job (docs/product/operations.md#long-work-runs-as-jobs):
   * 202 Accepted, Location naming the job the browser follows.
   */
  startsJob?: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's context, resolved before the input is validated (see registerRoute). */
    meridianContext?: TContext;
  }
}

/** Half of a UTF-16 surrogate pair: JSON may carry one ("\ud800"), PostgreSQL's json refuses it. */
const UNPAIRED_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Why PostgreSQL cannot store a string, or null when it can. */
function unstorable(v: string): string | null {
  if (v.includes('\u0000')) return MSG.nulCharacter;
  if (UNPAIRED_SURROGATE.test(v)) return MSG.brokenCharacter;
  return null;
}

/**
 * Strings PostgreSQL cannot store (a NUL character, half of a surrogate pair), wherever they hide in
 * the input: each is named on its field (docs/product/ui.md#field-messages), never left to fail as a
 * database error.
 */
export function unstorableTextErrors(input: { body?: unknown; query?: unknown; params?: unknown }): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const walk = (v: unknown, path: string[], depth: number): void => {
    if (depth > 20) return;
    if (typeof v === 'string') {
      const why = unstorable(v);
      if (why) errors[path.join('.') || '_'] = [why];
    } else if (Array.isArray(v)) v.forEach((x, i) => walk(x, [...path, String(i)], depth + 1));
    else if (v && typeof v === 'object' && !Buffer.isBuffer(v))
      for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
        const why = unstorable(k);
        if (why) errors[[...path, k.replace(/\u0000/g, '').replace(new RegExp(UNPAIRED_SURROGATE, 'g'), '')].join('.')] = [why];
        walk(x, [...path, k], depth + 1);
      }
  };
  walk(input.params, [], 0);
  walk(input.query, [], 0);
  walk(input.body, [], 0);
  return errors;
}

/** Refuses text PostgreSQL cannot store, on its field (also for raw routes' own fields, e.g. multipart). */
export function refuseUnstorableText(input: { body?: unknown; query?: unknown; params?: unknown }): void {
  const errors = unstorableTextErrors(input);
  const first = Object.keys(errors)[0];
  if (first) throw new AppError(400, 'VALIDATION', errors[first]![0]!, errors);
}

/** Every contract registered, for OpenAPI and for the authorization-matrix test. */
export const registeredContracts: RouteContract[] = [];

function ipOf(req: FastifyRequest): string {
  return req.ip ?? 'unknown';
}

async function authenticate(
  services: TServices,
  req: FastifyRequest,
  institutionId: string,
  contract: RouteContract,
): Promise<TAuthenticatedActor | null> {
  const header = req.headers.authorization;
  if (!header || !/^Bearer\s+/i.test(header)) return null;
  const bearer = header.replace(/^Bearer\s+/i, '').trim();
  if (bearer.startsWith(authApi.INTEGRATION_TOKEN_PREFIX))
    return bearer.length > 200 ? null : services.findIntegration(bearer, institutionId, contract, ipOf(req));
  const claims = await services.tokens.verifyAccess(bearer);
  // A token of another institution is no token here.
  if (!claims || claims.inst !== institutionId) return null;
  return services.findSession(claims, institutionId);
}

/**
 * The office's two-step sign-in rules, before the route's permission:
 * - a staff member whose office requires a second step and who has none (and whose session did not
 *   give one, as a single sign-on provider vouching for one does) may only set one up, read who they
 *   are and sign out (docs/product/two-step-sign-in.md#required-for-office-staff);
 * - exports and permission changes need a second step in the last STEP_UP_MAX_AGE_S from anyone who has
 *   one or is required to (docs/product/two-step-sign-in.md#confirm-its-you). Nobody else is asked: they
 *   could not answer. Integration tokens are no session and are never asked.
 */
export function secondStepRefusal(actor: TAuthenticatedActor, contract: RouteContract, now = Date.now()): AppError | null {
  const s = actor.secondStep;
  if (!s || actor.integration) return null;
  if (s.required && !s.has && !s.at && contract.secondStep !== 'open-during-setup')
    return new AppError(403, 'TWO_STEP_SETUP_REQUIRED', authApi.MSG_MFA.setupRequired);
  const recent = !!s.at && now - s.at.getTime() <= authApi.STEP_UP_MAX_AGE_S * 1000;
  if (contract.secondStep === 'recent' && (s.has || s.required) && !recent)
    return new AppError(403, 'STEP_UP_REQUIRED', authApi.MSG_MFA.stepUpRequired);
  return null;
}

/**
 * The platform step before every handler: resolves the tenant from the host, authenticates, and
 * checks the contract's permission (refusals are audited, as are the handlers' own 403s). Shared by JSON and raw routes.
 */
export async function resolveRouteContext(
  services: TServices,
  req: FastifyRequest,
  contract: RouteContract,
  options: TRouteOptions = {},
): Promise<TContext> {
  const ip = ipOf(req);
  // Tenantless routes (health, setup) run before any institution exists and never ask for today.
  let tenant: TTenant = { id: '', timeZone: 'UTC' };
  if (!options.tenantless) {
    const resolved = await services.tenancy.resolveTenant(req.headers.host);
    if (!resolved) {
      const none = (await services.tenancy.count()) === 0;
      throw new AppError(
        none ? 503 : 404,
        none ? 'SETUP_REQUIRED' : 'UNKNOWN_INSTITUTION',
        none ? 'This portal has not been set up yet.' : 'No institution is served at this address.',
      );
    }
    tenant = resolved;
  }
  const institutionId = tenant.id;
  const actor = institutionId && contract.access !== 'public' ? await authenticate(services, req, institutionId, contract) : null;
  if (contract.access !== 'public') {
    if (!actor) throw unauthenticated();
    const refusal = secondStepRefusal(actor, contract);
    if (refusal) throw refusal;
    if (!can(actor, contract.access)) {
      await services.database.tenant(institutionId, (tx) =>
        writeAudit(tx, {
          institutionId,
          actorUserId: actor.userId,
          entityType: 'route',
          entityId: `${contract.method} ${contract.path}`,
          action: 'authorization.refused',
          ip,
        }),
      );
      throw forbidden(MSG.noAccessPage);
    }
  }
  return institutionContext(services, tenant, { actor, ip, userAgent: String(req.headers['user-agent'] ?? '').slice(0, 300) });
}

/**
 * Runs a handler; a refusal it raises (403: the caller may use the route, but not on this record, site or
 * person) is recorded like the route's own refusals: who tried which route, and the answer they got. The
 * handler's transaction was rolled back, so the record is written in one of its own.
 */
async function auditingRefusals<T>(services: TServices, ctx: TContext, contract: RouteContract, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof AppError && err.statusCode === 403 && ctx.actor && ctx.institutionId) {
      const actor = ctx.actor;
      await services.database.tenant(ctx.institutionId, (tx) =>
        writeAudit(tx, {
          institutionId: ctx.institutionId,
          actorUserId: actor.userId,
          entityType: 'route',
          entityId: `${contract.method} ${contract.path}`,
          action: 'authorization.refused',
          after: { code: err.code, message: err.message },
          ip: ctx.ip,
        }),
      );
    }
    throw err;
  }
}

/**
 * After a call that may have written (anything but GET), this node forgets the sessions it cached: a
 * sign-out, a password change, a deactivation or a permission change made here counts on the next call.
 */
function afterCall(contract: RouteContract): void {
  if (contract.method !== 'GET') forgetCachedSessions();
}

/** A raw route (an upload) that started long work answers 202 with the job, Location naming it. */
export function answerJob<J extends { id: string }>(reply: FastifyReply, job: J): J {
  void reply.code(202).header('Location', `/api/jobs/${job.id}`);
  return job;
}

/**
 * Registers a route whose body or answer is not JSON (multipart uploads, file downloads). The
 * tenant, authentication and permission step is the same as registerRoute's, and the contract is
 * recorded for OpenAPI and the authorization matrix; the handler parses its own input.
 */
export function registerRawRoute(
  app: FastifyInstance,
  services: TServices,
  contract: RouteContract,
  handler: (ctx: TContext, req: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  options: TRouteOptions = {},
): void {
  registeredContracts.push(contract);
  app.route({
    method: contract.method,
    url: contract.path,
    schema: {
      summary: contract.summary,
      tags: contract.tags,
      ...(contract.access !== 'public' ? { security: [{ bearerAuth: [] }] } : {}),
    },
    config: { access: contract.access },
    handler: async (req, reply) => {
      const ctx = await resolveRouteContext(services, req, contract, options);
      refuseUnstorableText({ query: req.query, params: req.params });
      for (const [k, v] of Object.entries(options.headers ?? {})) reply.header(k, v);
      try {
        return await auditingRefusals(services, ctx, contract, () => handler(ctx, req, reply));
      } finally {
        afterCall(contract);
      }
    },
  });
}

/**
 * Registers one contract: schemas validate input and shape output, the platform resolves the
 * tenant, authenticates, and checks the route's permission before the handler runs.
 */
export function registerRoute<C extends RouteContract>(
  app: FastifyInstance,
  services: TServices,
  contract: C,
  handler: THandler<C>,
  options: TRouteOptions = {},
): void {
  registeredContracts.push(contract);
  app.withTypeProvider<ZodTypeProvider>().route({
    method: contract.method,
    url: contract.path,
    schema: {
      summary: contract.summary,
      tags: contract.tags,
      ...(contract.body ? { body: contract.body } : {}),
      ...(contract.query ? { querystring: contract.query } : {}),
      ...(contract.params ? { params: contract.params } : {}),
      response: options.startsJob ? { 202: contract.response } : { 200: contract.response },
      ...(contract.access !== 'public' ? { security: [{ bearerAuth: [] }] } : {}),
    },
    config: { access: contract.access },
    // Who is calling is settled before what they sent is read: an anonymous caller gets 401, not the
    // field errors of a form they may not use; then text PostgreSQL cannot store is refused by field.
    preValidation: async (req) => {
      req.meridianContext = await resolveRouteContext(services, req, contract, options);
      refuseUnstorableText({ body: req.body, query: req.query, params: req.params });
    },
    handler: async (req, reply) => {
      const ctx = req.meridianContext ?? (await resolveRouteContext(services, req, contract, options));
      for (const [k, v] of Object.entries(options.headers ?? {})) reply.header(k, v);
      const input = { body: req.body, query: req.query, params: req.params } as TInput<C>;
      let answer;
      try {
        answer = await auditingRefusals(services, ctx, contract, () => handler(ctx, input, routeHttp(req, reply)));
      } finally {
        afterCall(contract);
      }
      if (options.startsJob) void reply.code(202).header('Location', `/api/jobs/${(answer as { id: string }).id}`);
      return answer;
    },
  });
}
