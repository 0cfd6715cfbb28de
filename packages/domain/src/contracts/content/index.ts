import { z } from 'zod';
import { MSG } from '../../messages.js';
import { STUDENT_STAGES } from '../../catalog/roles.js';
import { STUDENT_VISA_TYPES } from '../../catalog/students.js';
import { SCHOLAR_VISA_FAMILIES } from '../../permissions.js';
import { defineRoute, ZOk } from '../define.js';

/**
 * Site Pages (docs/product/site-pages.md): the office's pages of information for students and scholars,
 * written as a draft and published; each reader sees the published pages meant for their portal stage
 * and visa type.
 */
const T = ['site-pages'];

export const SITE_PAGE_AUDIENCES = ['students', 'scholars'] as const;
export type TSitePageAudience = (typeof SITE_PAGE_AUDIENCES)[number];
export const SITE_PAGE_AUDIENCE_LABELS: Record<TSitePageAudience, string> = { students: 'Students', scholars: 'Scholars' };

/** The visa types a page may be narrowed to: a student's visa type, or a scholar's visa type family. */
export const SITE_PAGE_VISA_TYPES: Record<TSitePageAudience, readonly string[]> = {
  students: STUDENT_VISA_TYPES,
  scholars: SCHOLAR_VISA_FAMILIES,
};

/** A page's address in the portal: `#/student/pages/<slug>`. */
export const SITE_PAGE_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SITE_PAGE_SLUG_MAX = 80;
/** The page's text, as the editor writes it, before it is cleaned. */
export const SITE_PAGE_BODY_MAX = 200_000;

/** Where a page stands (docs/product/site-pages.md#draft-and-published). */
export const SITE_PAGE_STATES = ['draft', 'published', 'changed'] as const;
export type TSitePageState = (typeof SITE_PAGE_STATES)[number];
export const SITE_PAGE_STATE_LABELS: Record<TSitePageState, string> = {
  draft: 'Draft',
  published: 'Published',
  changed: 'Changed since publishing',
};

export const SITE_PAGE_MSG = {
  titleRequired: 'Enter a title for the page.',
  headingRequired: 'Enter the heading readers see.',
  slugRequired: 'Enter the page’s address.',
  slugFormat: 'Use lower-case letters, digits and single hyphens, such as welcome-to-campus.',
  slugTaken: 'A page with this address already exists.',
  stagesScholars: 'Stages apply to students’ pages only. Clear them, or choose Students.',
  visaTypeNotFor: 'Choose visa types of this audience.',
  bodyTooLong: 'The page is too long. Split it into two pages.',
  stale: 'Someone else changed this page meanwhile. Open it again and repeat your change.',
  deleted: 'The page was deleted.',
} as const;

const ZText = (max: number) => z.string().trim().max(max, MSG.invalidLength);

export const ZSitePageSummary = z.object({
  id: z.uuid(),
  /** The office's name for the page, in its list only (readers see the published title). */
  title: z.string(),
  slug: z.string(),
  audience: z.enum(SITE_PAGE_AUDIENCES),
  stages: z.array(z.enum(STUDENT_STAGES)),
  visaTypes: z.array(z.string()),
  state: z.enum(SITE_PAGE_STATES),
  ordinal: z.number().int(),
  publishedAt: z.string().nullable(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type TSitePageSummary = z.infer<typeof ZSitePageSummary>;

export const ZSitePage = ZSitePageSummary.extend({
  draftTitle: z.string(),
  draftBodyHtml: z.string(),
  publishedTitle: z.string().nullable(),
  publishedBodyHtml: z.string().nullable(),
  publishedByName: z.string().nullable(),
  updatedByName: z.string().nullable(),
});
export type TSitePage = z.infer<typeof ZSitePage>;

export const ZSitePageList = z.object({ items: z.array(ZSitePageSummary) });
export type TSitePageList = z.infer<typeof ZSitePageList>;

/** The page's settings and its draft; who sees it and its address apply at once, the title and text when published. */
const ZSitePageFields = z.object({
  title: ZText(120).min(1, SITE_PAGE_MSG.titleRequired),
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .min(1, SITE_PAGE_MSG.slugRequired)
    .max(SITE_PAGE_SLUG_MAX, MSG.invalidLength)
    .regex(SITE_PAGE_SLUG, SITE_PAGE_MSG.slugFormat),
  audience: z.enum(SITE_PAGE_AUDIENCES),
  /** Empty: every stage. Students' pages only. */
  stages: z.array(z.enum(STUDENT_STAGES)).max(STUDENT_STAGES.length).default([]),
  /** Empty: every visa type of the audience. */
  visaTypes: z.array(z.string().max(20)).max(10).default([]),
  draftTitle: ZText(200).min(1, SITE_PAGE_MSG.headingRequired),
  draftBodyHtml: z.string().max(SITE_PAGE_BODY_MAX, SITE_PAGE_MSG.bodyTooLong).default(''),
});

/** Stages only on students' pages; visa types of the page's audience. */
function checkAudience(v: z.infer<typeof ZSitePageFields>, ctx: z.RefinementCtx): void {
  if (v.audience === 'scholars' && v.stages.length > 0)
    ctx.addIssue({ code: 'custom', path: ['stages'], message: SITE_PAGE_MSG.stagesScholars });
  const allowed = SITE_PAGE_VISA_TYPES[v.audience];
  if (v.visaTypes.some((t) => !allowed.includes(t)))
    ctx.addIssue({ code: 'custom', path: ['visaTypes'], message: SITE_PAGE_MSG.visaTypeNotFor });
}

export const ZSaveSitePageInput = ZSitePageFields.superRefine(checkAudience);
export type TSaveSitePageInput = z.input<typeof ZSaveSitePageInput>;

/** The version the editor read: a save over a newer one is refused (409). */
export const ZVersion = z.object({ version: z.number().int().min(1) });
export const ZUpdateSitePageInput = ZSitePageFields.extend(ZVersion.shape).superRefine(checkAudience);
export type TUpdateSitePageInput = z.input<typeof ZUpdateSitePageInput>;

export const ZPageParams = z.object({ pageId: z.uuid() });
export const ZSlugParams = z.object({ slug: z.string().max(SITE_PAGE_SLUG_MAX + 20) });

export const ZReorderSitePagesInput = z.object({ pageIds: z.array(z.uuid()).min(1).max(500) });

export const ZPreviewSitePageInput = z.object({ bodyHtml: z.string().max(SITE_PAGE_BODY_MAX, SITE_PAGE_MSG.bodyTooLong) });
export const ZSitePagePreview = z.object({ html: z.string() });

/** A reader's list: the published pages meant for them, in the office's order. */
export const ZMySitePageLink = z.object({ slug: z.string(), title: z.string() });
export const ZMySitePages = z.object({ items: z.array(ZMySitePageLink) });
export type TMySitePages = z.infer<typeof ZMySitePages>;
export const ZMySitePage = z.object({ slug: z.string(), title: z.string(), bodyHtml: z.string(), publishedAt: z.string() });
export type TMySitePage = z.infer<typeof ZMySitePage>;

export const listSitePages = defineRoute({
  method: 'GET',
  path: '/api/site-pages',
  access: 'content.pages.manage',
  tags: T,
  summary: 'Every page of the office, with its draft or published state, in order',
  response: ZSitePageList,
});

export const getSitePage = defineRoute({
  method: 'GET',
  path: '/api/site-pages/:pageId',
  access: 'content.pages.manage',
  tags: T,
  summary: 'One page: its settings, its draft and what is published',
  params: ZPageParams,
  response: ZSitePage,
});

export const createSitePage = defineRoute({
  method: 'POST',
  path: '/api/site-pages',
  access: 'content.pages.manage',
  tags: T,
  summary: 'Create a page as a draft (its text cleaned); it is last in the order',
  body: ZSaveSitePageInput,
  response: ZSitePage,
});

export const updateSitePage = defineRoute({
  method: 'PUT',
  path: '/api/site-pages/:pageId',
  access: 'content.pages.manage',
  tags: T,
  summary: 'Save the page’s settings and draft; 409 when the page changed since the version read',
  params: ZPageParams,
  body: ZUpdateSitePageInput,
  response: ZSitePage,
});

export const publishSitePage = defineRoute({
  method: 'POST',
  path: '/api/site-pages/:pageId/publish',
  access: 'content.pages.manage',
  tags: T,
  summary: 'Publish the draft: readers see its title and text from now on',
  params: ZPageParams,
  body: ZVersion,
  response: ZSitePage,
});

export const unpublishSitePage = defineRoute({
  method: 'POST',
  path: '/api/site-pages/:pageId/unpublish',
  access: 'content.pages.manage',
  tags: T,
  summary: 'Take the page away from readers; the draft stays',
  params: ZPageParams,
  body: ZVersion,
  response: ZSitePage,
});

export const deleteSitePage = defineRoute({
  method: 'DELETE',
  path: '/api/site-pages/:pageId',
  access: 'content.pages.manage',
  tags: T,
  summary: 'Delete a page, published or not',
  params: ZPageParams,
  response: ZOk,
});

export const reorderSitePages = defineRoute({
  method: 'PUT',
  path: '/api/site-pages/order',
  access: 'content.pages.manage',
  tags: T,
  summary: 'Put the pages in this order (pages left out follow, in their order)',
  body: ZReorderSitePagesInput,
  response: ZSitePageList,
});

export const previewSitePage = defineRoute({
  method: 'POST',
  path: '/api/site-pages/preview',
  access: 'content.pages.manage',
  tags: T,
  summary: 'The page’s text cleaned as readers will see it; nothing is saved',
  body: ZPreviewSitePageInput,
  response: ZSitePagePreview,
});

export const listMySitePages = defineRoute({
  method: 'GET',
  path: '/api/site-pages/mine',
  access: 'content.pages.read',
  tags: T,
  summary: 'The published pages for the signed-in student (their stage and visa type) or scholar (their visa type)',
  response: ZMySitePages,
});

export const getMySitePage = defineRoute({
  method: 'GET',
  path: '/api/site-pages/mine/:slug',
  access: 'content.pages.read',
  tags: T,
  summary: 'One published page meant for the signed-in student or scholar; 404 when it is not theirs',
  params: ZSlugParams,
  response: ZMySitePage,
});
