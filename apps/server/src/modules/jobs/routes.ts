import type { FastifyInstance } from 'fastify';
import { jobsApi } from '@meridian/domain';
import { notFound } from '../../platform/errors/app-error.js';
import { contentDisposition, missingFile } from '../../platform/files/download.js';
import { fileStorage } from '../../platform/files/storage.js';
import type { TServices } from '../../platform/http/context.js';
import { registerRawRoute, registerRoute } from '../../platform/http/route.js';

/** The jobs module's routes: how a user's long work is doing, and the file it produced. Only its requester sees a job. */
export function jobRoutes(app: FastifyInstance, s: TServices): void {
  registerRoute(app, s, jobsApi.getJob, (ctx, { params }) => s.jobs.get(ctx, params.jobId));
  registerRoute(app, s, jobsApi.listJobs, async (ctx, { query }) => ({
    items: await s.jobs.list(ctx, { kind: query.kind, active: query.active === undefined ? undefined : query.active === 'true' }),
  }));
  registerRawRoute(app, s, jobsApi.downloadJobFile, async (ctx, req, reply) => {
    const params = jobsApi.getJob.params!.safeParse(req.params);
    if (!params.success) throw notFound();
    const file = await s.jobs.file(ctx, params.data.jobId);
    const stream = await fileStorage(s.config.dataDir)
      .read(file.key)
      .catch((e: unknown) => missingFile(e, req.log));
    return reply
      .header('Content-Type', file.contentType)
      .header('Content-Disposition', contentDisposition(file.fileName))
      .header('X-Content-Type-Options', 'nosniff')
      .send(stream);
  });
}
