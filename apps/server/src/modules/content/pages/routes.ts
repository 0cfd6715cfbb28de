import type { FastifyInstance } from 'fastify';
import { contentApi } from '@meridian/domain';
import { registerRoute } from '../../../platform/http/route.js';
import type { TServices } from '../../../platform/http/context.js';
import { getSitePage, listSitePages } from './operations/list-site-pages.js';
import { getMySitePage, listMySitePages } from './operations/my-site-pages.js';
import {
  createSitePage,
  deleteSitePage,
  previewSitePage,
  publishSitePage,
  reorderSitePages,
  unpublishSitePage,
  updateSitePage,
} from './operations/save-site-page.js';

/** Site Pages: the office writes and publishes them, students and scholars read theirs (docs/product/site-pages.md). */
export function sitePageRoutes(app: FastifyInstance, s: TServices): void {
  registerRoute(app, s, contentApi.listSitePages, (ctx) => listSitePages(ctx));
  registerRoute(app, s, contentApi.listMySitePages, (ctx) => listMySitePages(ctx));
  registerRoute(app, s, contentApi.getMySitePage, (ctx, { params }) => getMySitePage(ctx, params.slug));
  registerRoute(app, s, contentApi.previewSitePage, (_ctx, { body }) => Promise.resolve(previewSitePage(body)));
  registerRoute(app, s, contentApi.reorderSitePages, (ctx, { body }) => reorderSitePages(ctx, body.pageIds));
  registerRoute(app, s, contentApi.getSitePage, (ctx, { params }) => getSitePage(ctx, params.pageId));
  registerRoute(app, s, contentApi.createSitePage, (ctx, { body }) => createSitePage(ctx, body));
  registerRoute(app, s, contentApi.updateSitePage, (ctx, { params, body }) => updateSitePage(ctx, params.pageId, body));
  registerRoute(app, s, contentApi.publishSitePage, (ctx, { params, body }) => publishSitePage(ctx, params.pageId, body.version));
  registerRoute(app, s, contentApi.unpublishSitePage, (ctx, { params, body }) => unpublishSitePage(ctx, params.pageId, body.version));
  registerRoute(app, s, contentApi.deleteSitePage, (ctx, { params }) => deleteSitePage(ctx, params.pageId));
}
