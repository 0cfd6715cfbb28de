import type { FastifyInstance } from 'fastify';
import { authApi } from '@meridian/domain';
import { registerRawRoute, registerRoute } from '../../../platform/http/route.js';
import type { TServices } from '../../../platform/http/context.js';
import { AppError } from '../../../platform/errors/app-error.js';
import { getSsoConfig } from './operations/get-sso-config.js';
import { samlAcs, samlMetadataXml } from './operations/saml-sign-in.js';
import { samlLogout } from './operations/saml-logout.js';
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

  registerRawRoute(app, s, authApi.samlMetadata, async (ctx, _req, reply) => {
    const xml = await samlMetadataXml(ctx);
    if (!xml) throw new AppError(404, 'NOT_FOUND', authApi.MSG_SSO.notConfigured);
    return reply.type('application/samlmetadata+xml; charset=utf-8').header('Cache-Control', 'no-cache').send(xml);
  });
  // The identity provider posts its answer as a form (HTTP-POST binding): only this route reads forms.
  void app.register((forms, _opts, done) => {
    forms.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 3_000_000 }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    registerRawRoute(
      forms,
      s,
      authApi.samlAcs,
      async (ctx, req, reply) => {
        const body = req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {};
        const r = await samlAcs(ctx, body);
        return reply.redirect('to' in r ? r.to : backToLogin(r.problem, r.portal), 303);
      },
      { headers: NO_REFERRER },
    );
    done();
  });
  registerRawRoute(
    app,
    s,
    authApi.samlLogout,
    async (ctx, req, reply) => {
      const query = Object.fromEntries(
        Object.entries((req.query ?? {}) as Record<string, unknown>).filter((e): e is [string, string] => typeof e[1] === 'string'),
      );
      const raw = req.url.includes('?') ? req.url.slice(req.url.indexOf('?') + 1) : '';
      return reply.redirect(await samlLogout(ctx, query, raw), 302);
    },
    { headers: NO_REFERRER },
  );
}
