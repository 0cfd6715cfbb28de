import type { FastifyInstance } from 'fastify';
import { authApi } from '@meridian/domain';
import { registerRoute } from '../../../platform/http/route.js';
import type { TServices } from '../../../platform/http/context.js';
import {
  confirmTotp,
  disableTotp,
  mfaStatus,
  registerPasskey,
  startStepUp,
  startTotp,
  stepUp,
  unregisterPasskey,
  verifyMfa,
} from './mfa.js';
import { getTwoStepPolicy, updateTwoStepPolicy } from './policy.js';
import { passkeyRegistrationOptions, passkeySignInOptions } from './passkeys.js';

const NO_STORE = { 'Cache-Control': 'no-store' };

/** Two-step sign-in (docs/product/two-step-sign-in.md). */
export function mfaRoutes(app: FastifyInstance, s: TServices): void {
  registerRoute(app, s, authApi.getMfaStatus, (ctx) => mfaStatus(ctx));
  registerRoute(app, s, authApi.startTotp, (ctx) => startTotp(ctx), { headers: NO_STORE });
  registerRoute(app, s, authApi.confirmTotp, (ctx, { body }) => confirmTotp(ctx, body.code), { headers: NO_STORE });
  registerRoute(app, s, authApi.disableTotp, (ctx, { body }) => disableTotp(ctx, body.code));
  registerRoute(app, s, authApi.passkeyRegistrationOptions, (ctx) => passkeyRegistrationOptions(ctx), { headers: NO_STORE });
  registerRoute(app, s, authApi.addPasskey, (ctx, { body }) => registerPasskey(ctx, body.name, body.response), { headers: NO_STORE });
  registerRoute(app, s, authApi.removePasskey, (ctx, { params }) => unregisterPasskey(ctx, params.passkeyId));
  registerRoute(app, s, authApi.passkeySignInOptions, (ctx, { body }) => passkeySignInOptions(ctx, body.challenge), { headers: NO_STORE });
  registerRoute(app, s, authApi.verifyMfa, (ctx, { body }) => verifyMfa(ctx, body), { headers: NO_STORE });
  registerRoute(app, s, authApi.startStepUp, (ctx) => startStepUp(ctx), { headers: NO_STORE });
  registerRoute(app, s, authApi.stepUp, (ctx, { body }) => stepUp(ctx, body), { headers: NO_STORE });
  registerRoute(app, s, authApi.getTwoStepPolicy, (ctx) => getTwoStepPolicy(ctx));
  registerRoute(app, s, authApi.updateTwoStepPolicy, (ctx, { body }) => updateTwoStepPolicy(ctx, body));
}
