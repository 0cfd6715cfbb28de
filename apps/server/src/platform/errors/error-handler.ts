import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { MSG } from '@meridian/domain';
import { dbCodeOf, isDatabaseUnavailable, isDataException } from '../db/errors.js';
import { AppError, type TFieldErrors } from './app-error.js';

/**
 * Errors the router raises before any route or error handler runs (Fastify's `frameworkErrors`): an
 * address with broken %-escapes, or a path segment over the router's length limit. Same shape as
 * every other error, and the address is not echoed back (it may carry personal data).
 */
export function frameworkErrors(err: FastifyError, _req: FastifyRequest, reply: FastifyReply): void {
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply.status(414).send({ code: 'URI_TOO_LONG', message: 'The address is too long.' });
    return;
  }
  if (err.code === 'FST_ERR_BAD_URL') {
    void reply.status(400).send({ code: 'BAD_REQUEST', message: 'The address could not be read.' });
    return;
  }
  reply.log.error({ err }, 'router error');
  void reply.status(500).send({ code: 'INTERNAL', message: MSG.defaultError });
}

/** Every error leaves as {code, message, fieldErrors?}; never a stack trace, never a 500 for bad input. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
      if (err.headers) void reply.headers(err.headers);
      return reply.status(err.statusCode).send({ code: err.code, message: err.message, fieldErrors: err.fieldErrors });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fieldErrors: TFieldErrors = {};
      for (const v of err.validation) {
        const issue = v.params?.issue as { path?: PropertyKey[]; message?: string } | undefined;
        const field = (issue?.path ?? []).map(String).join('.') || v.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
        const message = issue?.message ?? v.message ?? MSG.invalidValue;
        (fieldErrors[field] ??= []).push(message);
      }
      const first = Object.values(fieldErrors)[0]?.[0] ?? MSG.invalidValue;
      return reply.status(400).send({ code: 'VALIDATION', message: first, fieldErrors });
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err }, 'response did not match its contract');
      return reply.status(500).send({ code: 'INTERNAL', message: MSG.defaultError });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: bad JSON, body too large, unsupported media type.
      const message =
        status === 413 ? 'The request is too large.' : status === 415 ? 'Unsupported content type.' : 'The request could not be read.';
      // Our own stable codes: the framework's (FST_ERR_...) are its internals, not our contract.
      const code = status === 413 ? 'TOO_LARGE' : status === 415 ? 'UNSUPPORTED_MEDIA_TYPE' : 'BAD_REQUEST';
      return reply.status(status).send({ code, message });
    }
    if (isDataException(err)) {
      // PostgreSQL's class 22 (a value out of range, too long, not a date): the input's fault, which the
      // contracts should have named on its field; say so rather than answer 500, and log it to fix.
      req.log.warn({ dbCode: dbCodeOf(err) }, 'a value reached the database that its contract let through');
      return reply.status(400).send({ code: 'VALIDATION', message: MSG.invalidValue, fieldErrors: { _: [MSG.invalidValue] } });
    }
    if (isDatabaseUnavailable(err)) {
      // Not the caller's fault and not a bug: say so, and when to come back (the pool reconnects by itself).
      req.log.warn({ dbCode: (err as { code?: unknown }).code }, 'database unavailable');
      return reply.status(503).header('Retry-After', '30').send({ code: 'UNAVAILABLE', message: MSG.databaseUnavailable });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ code: 'INTERNAL', message: MSG.defaultError });
  });
  app.setNotFoundHandler((_req, reply) => {
    reply.status(404).send({ code: 'NOT_FOUND', message: 'No such address.' });
  });
}
