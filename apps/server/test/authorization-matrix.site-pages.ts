import { randomUUID } from 'node:crypto';
import type { TExpect, TMatrixContext, TMatrixRow } from './authorization-matrix.js';

/**
 * Site Pages (docs/product/site-pages.md#who-may-do-what): staff with the website-content flag and super users
 * write them (the demo admin is a super user; the officer and assistant hold no such flag); students and
 * scholars read theirs.
 */
const WRITERS: TExpect = { anonymous: 401, admin: 200, officer: 403, assistant: 403, dept: 403, scholar: 403, student: 403 };
const READERS: TExpect = { anonymous: 401, admin: 403, officer: 403, assistant: 403, dept: 403, scholar: 200, student: 200 };

const slug = () => `matrix-${randomUUID()}`;

/** A fresh draft page of institution A (version 1), published when asked, for every student. */
async function sitePage(m: TMatrixContext, published = false): Promise<{ id: string; slug: string }> {
  const [row] = await m.t.sql<{ id: string; slug: string }>(
    `insert into site_pages (institution_id, title, slug, audience, draft_title, draft_body_html, published_title, published_body_html, published_at)
     values ($1, 'Matrix page', $2, $3, 'Matrix page', '<p>Hello</p>', $4, $5, $6) returning id, slug`,
    [
      m.t.institutionA,
      slug(),
      'students',
      published ? 'Matrix page' : null,
      published ? '<p>Hello</p>' : null,
      published ? new Date() : null,
    ],
  );
  return row!;
}

const body = () => ({ title: 'Matrix page', slug: slug(), audience: 'students', draftTitle: 'Matrix page', draftBodyHtml: '<p>Hi</p>' });

export const SITE_PAGES_MATRIX: TMatrixRow[] = [
  { method: 'GET', path: '/api/site-pages', access: 'content.pages.manage', request: () => ({}), expect: WRITERS },
  {
    method: 'GET',
    path: '/api/site-pages/:pageId',
    access: 'content.pages.manage',
    foreignRecord: 404,
    request: async (m) => ({ params: { pageId: (await sitePage(m)).id } }),
    expect: WRITERS,
  },
  { method: 'POST', path: '/api/site-pages', access: 'content.pages.manage', request: () => ({ body: body() }), expect: WRITERS },
  {
    method: 'PUT',
    path: '/api/site-pages/:pageId',
    access: 'content.pages.manage',
    foreignRecord: 404,
    request: async (m) => ({ params: { pageId: (await sitePage(m)).id }, body: { ...body(), version: 1 } }),
    expect: WRITERS,
  },
  {
    method: 'POST',
    path: '/api/site-pages/:pageId/publish',
    access: 'content.pages.manage',
    foreignRecord: 404,
    request: async (m) => ({ params: { pageId: (await sitePage(m)).id }, body: { version: 1 } }),
    expect: WRITERS,
  },
  {
    method: 'POST',
    path: '/api/site-pages/:pageId/unpublish',
    access: 'content.pages.manage',
    foreignRecord: 404,
    request: async (m) => ({ params: { pageId: (await sitePage(m, true)).id }, body: { version: 1 } }),
    expect: WRITERS,
  },
  {
    method: 'DELETE',
    path: '/api/site-pages/:pageId',
    access: 'content.pages.manage',
    foreignRecord: 404,
    request: async (m) => ({ params: { pageId: (await sitePage(m)).id } }),
    expect: WRITERS,
  },
  {
    method: 'PUT',
    path: '/api/site-pages/order',
    access: 'content.pages.manage',
    request: async (m) => ({ body: { pageIds: [(await sitePage(m)).id] } }),
    expect: WRITERS,
  },
  {
    method: 'POST',
    path: '/api/site-pages/preview',
    access: 'content.pages.manage',
    request: () => ({ body: { bodyHtml: '<p>Hi</p>' } }),
    expect: WRITERS,
  },
  { method: 'GET', path: '/api/site-pages/mine', access: 'content.pages.read', request: () => ({}), expect: READERS },
  {
    method: 'GET',
    path: '/api/site-pages/mine/:slug',
    access: 'content.pages.read',
    request: async (m) => ({ params: { slug: (await sitePage(m, true)).slug } }),
    // A students' page: the scholar may read pages, but not this one.
    expect: { ...READERS, scholar: 404 },
  },
];
