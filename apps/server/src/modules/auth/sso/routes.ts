import type { FastifyInstance } from 'fastify';
import { authApi } from '@meridian/domain';
import { registerRawRoute, registerRoute } from '../../../platform/http/route.js';
import type { TServices } from '../../../platform/http/context.js';
import { getSsoConfig } from './operations/get-sso-config.js';
import { saveSsoConfig } from './operations/save-sso-config.js';
import { exchangeSso, ssoCallback, startSso, type TSsoProblem } from './operations/sso-sign-in.js';

const NO_REFERRER = { 'Referrer-Policy': 'no-referrer', 'Cache-Control': 'no-store' };

/** The login page of the portal, telling why single sign-on did not complete. */
const backToLogin = (problem: TSsoProblem, portal?: string) => `/#/${portal === 'student' ? 'login/student' : 'login'}?sso=${problem}`;

/** Campus single sign-on (docs/product/single-sign-on.md). */
export function ssoRoutes(app: FastifyInstance, s: TServices): void {
  registerRoute(app, s, authApi.getSsoConfig, (ctx) => getSsoConfig(ctx));
  registerRoute(app, s, authApi.saveSsoConfig, (ctx, { body }) => saveSsoConfig(ctx, body));
  registerRawRoute(
    app,
    s,
    authApi.startSso,
    async (ctx, req, reply) => {
      const q = authApi.ZSsoStartQuery.safeParse(req.query);
      const input = q.success ? q.data : { portal: 'scholar' as const };
      const r = await startSso(ctx, input);
      return reply.redirect('to' in r ? r.to : backToLogin(r.problem, input.portal), 302);
    },
    { headers: NO_REFERRER },
  );
  registerRawRoute(
    app,
    s,
    authApi.ssoCallback,
    async (ctx, req, reply) => {
      const query = Object.fromEntries(
        Object.entries((req.query ?? {}) as Record<string, unknown>).filter((e): e is [string, string] => typeof e[1] === 'string'),
      );
      const r = await ssoCallback(ctx, query);
      return reply.redirect('to' in r ? r.to : backToLogin(r.problem, r.portal), 302);
    },
    { headers: NO_REFERRER },
  );
  registerRoute(app, s, authApi.exchangeSso, (ctx, { body }) => exchangeSso(ctx, body.code), { headers: NO_REFERRER });
}
