import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { authApi, health } from '@meridian/domain';
import { openApiIntro } from './platform/http/openapi-intro.js';
import type { TConfig } from './platform/config/config.js';
import type { TDatabase } from './platform/db/database.js';
import { getOrCreateSecret } from './platform/db/secrets.js';
import { TokenService } from './platform/auth/tokens.js';
import { cachedSessionLookup } from './platform/auth/session-cache.js';
import { Tenancy } from './platform/tenancy/tenancy.js';
import { frameworkErrors, installErrorHandler } from './platform/errors/error-handler.js';
import { redactRequest, serializeError } from './platform/logging/redaction.js';
import { registerRoute } from './platform/http/route.js';
import { installMetrics } from './platform/http/metrics.js';
import { JobRunner } from './platform/jobs/runner.js';
import type { TServices } from './platform/http/context.js';
import { integrationLookup, sessionLookup } from './modules/auth/index.js';
import { composeModules, registerModuleRoutes } from './modules.js';

export interface TApp {
  app: FastifyInstance;
  services: TServices;
  /** This server's job runner (main.ts schedules the daily jobs on it). */
  jobs: JobRunner;
}

/** An answer slower than this is logged (warn) with its route and time. */
const SLOW_REQUEST_MS = 1000;

/**
 * No line per request at info: at a few thousand calls a minute, two log lines each cost more than
 * the session check. Failed (5xx) and slow answers are logged; every one at LOG_LEVEL=debug. Errors
 * keep their own lines from the error handler.
 */
class QuietRequestLog extends LogController {
  override incomingRequest(req: FastifyRequest): void {
    if (debugging(req)) req.log.debug({ req }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, req: FastifyRequest, reply: FastifyReply): void {
    const ms = reply.elapsedTime;
    if (error || reply.statusCode >= 500) req.log.error({ res: reply, err: error, responseTime: ms }, 'request failed');
    else if (ms >= SLOW_REQUEST_MS) req.log.warn({ req, res: reply, responseTime: ms }, 'slow request');
    else if (debugging(req)) req.log.debug({ res: reply, responseTime: ms }, 'request completed');
  }
}

const debugging = (req: FastifyRequest) => req.log.level === 'debug' || req.log.level === 'trace';

/** Builds the HTTP application from platform plugins and module routes. */
export async function buildApp(
  config: TConfig,
  database: TDatabase,
  opts: { logger?: boolean; serveWeb?: boolean; jobs?: boolean; logStream?: NodeJS.WritableStream } = {},
): Promise<TApp> {
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie'],
            // No personal data in the log: query values, failed statements' values, drivers' details.
            serializers: { err: serializeError, req: redactRequest },
            ...(opts.logStream ? { stream: opts.logStream } : {}),
          },
    logController: new QuietRequestLog(),
    bodyLimit: 1024 * 1024,
    // The router's own refusals (a broken %-escape, an over-long path segment) in the API's error shape.
    frameworkErrors,
    // One id per request across nodes: the proxy's X-Request-Id when it sends a sane one, else a new
    // UUID; it is in every log line of the request and in the answer's X-Request-Id.
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[A-Za-z0-9._:-]{8,128}$/.test(given) ? given : randomUUID();
    },
    // Client addresses (sign-in throttling, audit) come from X-Forwarded-For only behind a configured proxy.
    trustProxy: config.trustProxy as boolean | string | string[],
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        // Offices also run the portal over plain http on an internal host while setting up.
        upgradeInsecureRequests: null,
      },
    },
    referrerPolicy: { policy: 'no-referrer' },
    hsts: { maxAge: 31536000, includeSubDomains: true },
    crossOriginEmbedderPolicy: false,
  });
  // Personal data must not linger in caches: every API answer is no-store unless its route says
  // otherwise (only the institution's public logo, whose address changes with its content, does).
  app.addHook('onSend', async (req, reply) => {
    reply.header('X-Request-Id', req.id);
    if (req.url.startsWith('/api/') && !reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
  });
  installMetrics(app, database, config.metricsToken);

  await app.register(swagger, {
    openapi: {
      info: { title: 'Meridian API', version: '0.1.0', description: openApiIntro() },
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            description: `A person's access token (a JWT) or a campus system's integration token (${authApi.INTEGRATION_TOKEN_PREFIX}…).`,
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { deepLinking: false } });
  app.get('/api/openapi.json', { schema: { hide: true } }, () => Promise.resolve(app.swagger()));

  const key = await getOrCreateSecret(database, 'access-token-key');
  composeModules();
  const jobs = new JobRunner(database, (level, msg) => app.log[level](msg));
  const services: TServices = {
    config,
    database,
    tokens: new TokenService(key),
    tenancy: new Tenancy(database),
    findSession: cachedSessionLookup(sessionLookup(database)),
    findIntegration: integrationLookup(database),
    jobs,
  };

  registerRoute(
    app,
    services,
    health,
    async () => {
      await database.pool.query('select 1');
      return { status: 'ok' as const };
    },
    { tenantless: true },
  );
  await registerModuleRoutes(app, services);
  // This server works the job queue (imports, batch builds, exports) until it closes; closing lets the
  // jobs under way finish first.
  if (opts.jobs !== false) await jobs.start(services);
  app.addHook('onClose', () => jobs.stop());

  if (opts.serveWeb !== false && fs.existsSync(path.join(config.webDist, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      prefix: '/',
      index: ['index.html'],
      // The build writes a .br and a .gz beside each file: sent as they are to browsers that take them.
      preCompressed: true,
      // Cache-Control is set per file below.
      cacheControl: false,
      // Source maps would publish the sources; the build does not write them, and a stray one stays unserved.
      allowedPath: (pathname) => !pathname.endsWith('.map'),
      setHeaders: (res, filePath) => {
        res.setHeader('Vary', 'Accept-Encoding');
        // Files under assets/ carry a hash of their content in their name: a new build has new names,
        // so a browser may keep them for good. index.html names the current ones: always asked again
        // (a 304 when nothing changed).
        const inAssets = path.relative(config.webDist, filePath).split(path.sep)[0] === 'assets';
        res.setHeader('Cache-Control', inAssets ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  return { app, services, jobs };
}
