import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { messagesApi } from '@meridian/domain';
import { AppError } from '../../../platform/errors/app-error.js';
import { registerRawRoute, registerRoute } from '../../../platform/http/route.js';
import type { TServices } from '../../../platform/http/context.js';
import { getSentMail } from './get-sent-mail.js';
import { listSentMail } from './list-sent-mail.query.js';
import { resendSentMail } from './resend-sent-mail.js';
import { invalidHtml, unsubscribe, unsubscribedHtml, unsubscribePageHtml } from './unsubscribe.js';

const NO_STORE = { 'Referrer-Policy': 'no-referrer', 'Cache-Control': 'no-store' };

const tokenOf = (req: FastifyRequest) => {
  const q = messagesApi.ZUnsubscribeQuery.safeParse(req.query ?? {});
  return q.success ? q.data.t : '';
};
const wantsHtml = (req: FastifyRequest) => /\btext\/html\b/i.test(String(req.headers.accept ?? ''));

/** A link that is not valid: a page in a browser, the field error to a mail program. */
async function answerInvalid(req: FastifyRequest, reply: FastifyReply, run: () => Promise<unknown>): Promise<unknown> {
  try {
    return await run();
  } catch (e) {
    if (e instanceof AppError && e.statusCode === 400 && wantsHtml(req))
      return reply.code(400).type('text/html; charset=utf-8').send(invalidHtml());
    throw e;
  }
}

/** Sent mail (docs/product/messages.md#sent-email) and unsubscribing from bulk mail (docs/product/messages.md#unsubscribing). */
export function sentMailRoutes(app: FastifyInstance, s: TServices): void {
  registerRoute(app, s, messagesApi.listSentMail, (ctx, { query }) => listSentMail(ctx, query));
  registerRoute(app, s, messagesApi.getSentMail, (ctx, { params }) => getSentMail(ctx, params.messageId));
  registerRoute(app, s, messagesApi.resendSentMail, (ctx, { params }) => resendSentMail(ctx, params.messageId));
  registerRawRoute(
    app,
    s,
    messagesApi.unsubscribePage,
    (ctx, req, reply) =>
      answerInvalid(req, reply, async () => {
        const html = await unsubscribePageHtml(ctx, tokenOf(req));
        return reply.type('text/html; charset=utf-8').send(html);
      }),
    { headers: NO_STORE },
  );
  // Mail programs post the one-click answer as a form (RFC 8058); only this route reads forms here.
  void app.register((forms, _opts, done) => {
    forms.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 10_000 }, (_req, _body, next) =>
      next(null, {}),
    );
    if (!forms.hasContentTypeParser('multipart/form-data')) {
      forms.addContentTypeParser('multipart/form-data', { parseAs: 'string', bodyLimit: 10_000 }, (_req, _body, next) => next(null, {}));
    }
    registerRawRoute(
      forms,
      s,
      messagesApi.unsubscribe,
      (ctx, req, reply) =>
        answerInvalid(req, reply, async () => {
          await unsubscribe(ctx, tokenOf(req));
          if (wantsHtml(req)) return reply.type('text/html; charset=utf-8').send(unsubscribedHtml());
          return { ok: true as const };
        }),
      { headers: NO_STORE },
    );
    done();
  });
}
