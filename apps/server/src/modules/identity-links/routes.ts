import type { FastifyInstance } from 'fastify';
import { identityLinksApi as A } from '@meridian/domain';
import type { TServices } from '../../platform/http/context.js';
import { registerRawRoute, registerRoute } from '../../platform/http/route.js';
import { readImportUpload } from '../students/index.js';
import { applyBulkLink, previewBulkLink } from './operations/bulk-link.js';
import { linkRecord, setExternalId, unlinkRecord } from './operations/change-identity-link.js';
import { listIdentityLinks, listUnlinkedRecords } from './operations/list-identity-links.js';
import { uploadName } from '../../platform/files/upload-name.js';

/** The Integrated User Tool's routes (docs/product/integrated-user-tool.md). */
export function identityLinkRoutes(app: FastifyInstance, s: TServices): void {
  registerRoute(app, s, A.listIdentityLinks, (ctx, { query }) => listIdentityLinks(ctx, query));
  registerRoute(app, s, A.listUnlinkedRecords, (ctx, { query }) => listUnlinkedRecords(ctx, query));
  registerRoute(app, s, A.setExternalId, (ctx, { params, body }) => setExternalId(ctx, params.userId, body));
  registerRoute(app, s, A.linkRecord, (ctx, { params, body }) => linkRecord(ctx, params.userId, body));
  registerRoute(app, s, A.unlinkRecord, (ctx, { params }) => unlinkRecord(ctx, params.userId));
  const upload = async (req: Parameters<typeof readImportUpload>[0]) => {
    const file = await readImportUpload(req, A.BULK_LINK_MAX_BYTES, A.MSG_IDENTITY_LINKS.fileRequired);
    return { fileName: uploadName(file.fileName, 'file'), data: file.data };
  };
  registerRawRoute(app, s, A.previewBulkLink, async (ctx, req) => previewBulkLink(ctx, await upload(req)));
  registerRawRoute(app, s, A.applyBulkLink, async (ctx, req) => applyBulkLink(ctx, await upload(req)));
}
