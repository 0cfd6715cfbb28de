import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authApi } from '@meridian/domain';
import { AppError } from '../../../platform/errors/app-error.js';
import { parseCookies, registerRawRoute, registerRoute } from '../../../platform/http/route.js';
import type { TServices } from '../../../platform/http/context.js';
import { getExternalLoginConfig } from './operations/get-external-login-config.js';
import { saveExternalLoginConfig } from './operations/save-external-login-config.js';
import { externalSignIn } from './operations/external-sign-in.js';

const NO_STORE = { 'Referrer-Policy': 'no-referrer', 'Cache-Control': 'no-store' };

/** Clears the campus proxy's cookie, whatever came of it: a token is tried once (docs/product/external-login.md#how-it-works). */
function clearAuthnCookie(req: FastifyRequest, reply: FastifyReply): void {
  const parts = [
    `${authApi.EXTERNAL_LOGIN_COOKIE}=`,
    'Path=/',
    'Max-Age=0',
    'Expires=Thu, 01 Jan 1970 00:00:00 GMT',
    'HttpOnly',
    'SameSite=Lax',
  ];
  if (req.protocol === 'https') parts.push('Secure');
  const prior = reply.getHeader('set-cookie');
  const list = prior === undefined ? [] : Array.isArray(prior) ? prior.map(String) : [String(prior)];
  void reply.header('set-cookie', [...list, parts.join('; ')]);
}

/** A call that is not the portal page's own is refused on no field of its own: it was not made by the form. */
const crossSite = () =>
  new AppError(400, 'VALIDATION', authApi.MSG_EXTERNAL_LOGIN.crossSite, { _: [authApi.MSG_EXTERNAL_LOGIN.crossSite] });

/**
 * The call must come from the portal's own page (docs/decisions/038-external-login-trusts-a-signed-cookie.md):
 * a JSON body (a cross-site page cannot send one without the browser asking first, and this server never
 * agrees), and, when the browser says where the call comes from, this very site.
 */
function refuseCrossSite(req: FastifyRequest): void {
  const type = String(req.headers['content-type'] ?? '');
  if (!/^application\/json\b/i.test(type)) throw crossSite();
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin') throw crossSite();
  const origin = req.headers.origin;
  if (origin !== undefined && (!URL.canParse(origin) || new URL(origin).host !== req.headers.host)) throw crossSite();
}

/** Campus web sign-in (docs/product/external-login.md). */
export function externalLoginRoutes(app: FastifyInstance, s: TServices): void {
  registerRoute(app, s, authApi.getExternalLoginConfig, (ctx) => getExternalLoginConfig(ctx));
  registerRoute(app, s, authApi.saveExternalLoginConfig, (ctx, { body }) => saveExternalLoginConfig(ctx, body));
  registerRawRoute(
    app,
    s,
    authApi.externalLogin,
    async (ctx, req, reply) => {
      clearAuthnCookie(req, reply);
      refuseCrossSite(req);
      const body = authApi.externalLogin.body?.safeParse(req.body);
      if (!body?.success) throw crossSite();
      const cookie = parseCookies(req.headers.cookie)[authApi.EXTERNAL_LOGIN_COOKIE];
      return externalSignIn(ctx, cookie);
    },
    { headers: NO_STORE },
  );
}
