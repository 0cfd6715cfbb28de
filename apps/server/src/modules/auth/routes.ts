import type { FastifyInstance } from 'fastify';
import { authApi } from '@meridian/domain';
import { registerRoute } from '../../platform/http/route.js';
import type { TServices } from '../../platform/http/context.js';
import { forgotPassword } from './operations/forgot-password.js';
import { getCurrentUser } from './operations/get-current-user.js';
import { login } from './operations/login.js';
import { logout } from './operations/logout.js';
import { inspectPasswordLink } from './operations/inspect-password-link.js';
import { usePasswordLink } from './operations/use-password-link.js';
import { refreshSession } from './operations/refresh-session.js';

const NO_REFERRER = { 'Referrer-Policy': 'no-referrer' };

export function authRoutes(app: FastifyInstance, s: TServices): void {
  registerRoute(app, s, authApi.login, (ctx, { body }) => login(ctx, body));
  registerRoute(app, s, authApi.refreshSession, (ctx, { body }) => refreshSession(ctx, body.refreshToken));
  registerRoute(app, s, authApi.logout, (ctx) => logout(ctx));
  registerRoute(app, s, authApi.getCurrentUser, (ctx) => getCurrentUser(ctx));
  registerRoute(app, s, authApi.forgotPassword, (ctx, { body }) => forgotPassword(ctx, body));
  registerRoute(app, s, authApi.inspectPasswordLink, (ctx, { body }) => inspectPasswordLink(ctx, body.token), { headers: NO_REFERRER });
  registerRoute(app, s, authApi.usePasswordLink, (ctx, { body }) => usePasswordLink(ctx, body), { headers: NO_REFERRER });
}
