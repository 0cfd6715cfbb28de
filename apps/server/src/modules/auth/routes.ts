import type { FastifyInstance } from 'fastify';
import { authApi } from '@meridian/domain';
import { registerRoute, type TRouteHttp } from '../../platform/http/route.js';
import type { TServices } from '../../platform/http/context.js';
import { DEVICE_COOKIE, DEVICE_COOKIE_PATH, DEVICE_TTL_S, deviceCookieWith, readDeviceCookie } from './devices.js';
import { forgotPassword } from './operations/forgot-password.js';
import { getCurrentUser } from './operations/get-current-user.js';
import { login } from './operations/login.js';
import { logout } from './operations/logout.js';
import { inspectPasswordLink } from './operations/inspect-password-link.js';
import { usePasswordLink } from './operations/use-password-link.js';
import { refreshSession } from './operations/refresh-session.js';
import { requestSignInLink } from './operations/request-sign-in-link.js';
import { signInWithLink } from './operations/sign-in-with-link.js';
import { integrationTokenRoutes } from './integration-tokens/routes.js';
import { ssoRoutes } from './sso/routes.js';
import { mfaRoutes } from './mfa/routes.js';
import { externalLoginRoutes } from './external/routes.js';

const NO_REFERRER = { 'Referrer-Policy': 'no-referrer' };

/** The device tokens this browser holds (docs/decisions/020-sign-in-throttling.md). */
const heldDevices = (http: TRouteHttp) => readDeviceCookie(http.cookie(DEVICE_COOKIE));

/** Keeps this browser as a recognised device of the account, beside the other accounts it remembers. */
function rememberDevice(http: TRouteHttp, held: string[], userId: string, deviceToken: string): void {
  http.setCookie(DEVICE_COOKIE, deviceCookieWith(held, deviceToken, userId), { path: DEVICE_COOKIE_PATH, maxAgeS: DEVICE_TTL_S });
}

export function authRoutes(app: FastifyInstance, s: TServices): void {
  integrationTokenRoutes(app, s);
  ssoRoutes(app, s);
  mfaRoutes(app, s);
  externalLoginRoutes(app, s);
  registerRoute(app, s, authApi.login, async (ctx, { body }, http) => {
    const held = heldDevices(http);
    const { session, deviceToken } = await login(ctx, body, held);
    if (session.type === 'session') rememberDevice(http, held, session.userId, deviceToken);
    return session;
  });
  registerRoute(app, s, authApi.refreshSession, (ctx, { body }) => refreshSession(ctx, body.refreshToken));
  registerRoute(app, s, authApi.logout, (ctx) => logout(ctx));
  registerRoute(app, s, authApi.getCurrentUser, (ctx) => getCurrentUser(ctx));
  registerRoute(app, s, authApi.forgotPassword, (ctx, { body }) => forgotPassword(ctx, body));
  registerRoute(app, s, authApi.inspectPasswordLink, (ctx, { body }) => inspectPasswordLink(ctx, body.token), { headers: NO_REFERRER });
  registerRoute(
    app,
    s,
    authApi.usePasswordLink,
    async (ctx, { body }, http) => {
      const { message, userId, deviceToken } = await usePasswordLink(ctx, body);
      rememberDevice(http, heldDevices(http), userId, deviceToken);
      return { message };
    },
    { headers: NO_REFERRER },
  );
  registerRoute(app, s, authApi.requestSignInLink, (ctx, { body }, http) => requestSignInLink(ctx, body, heldDevices(http)));
  registerRoute(
    app,
    s,
    authApi.signInWithLink,
    async (ctx, { body }, http) => {
      const held = heldDevices(http);
      const { session, userId, deviceToken } = await signInWithLink(ctx, body.token, held);
      rememberDevice(http, held, userId, deviceToken);
      return session;
    },
    { headers: NO_REFERRER },
  );
}
