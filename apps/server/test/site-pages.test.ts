import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentApi, type TSession } from '@meridian/domain';
import { createTestApp, HOST_B, type TTestApp } from './app.js';
import { call } from './http.js';
import { buildStudent, buildUser, setStaffPermissions } from './factories/index.js';
import { cleanPageHtml } from '../src/modules/content/pages/site-page-store.js';

// docs/product/site-pages.md: the office writes pages as drafts and publishes them; each student or scholar
// reads the published pages meant for their stage and visa type.
const M = contentApi.SITE_PAGE_MSG;
let t: TTestApp;
let admin: TSession;
let officer: TSession;
let student: TSession;
let scholar: TSession;

beforeAll(async () => {
  t = await createTestApp();
  [admin, officer, student, scholar] = await t.loginAll('admin', 'officer', 'student', 'scholar');
});
afterAll(async () => {
  await t?.close();
});

let seq = 0;
const slug = (base: string) => `${base}-${++seq}-${Date.now().toString(36)}`;
const page = (o: Partial<contentApi.TSaveSitePageInput> = {}): contentApi.TSaveSitePageInput => ({
  title: 'Arrival information (F-1)',
  slug: slug('arrival'),
  audience: 'students',
  stages: [],
  visaTypes: [],
  draftTitle: 'Arriving on campus',
  draftBodyHtml: '<p>Welcome!</p>',
  ...o,
});
const create = async (o: Partial<contentApi.TSaveSitePageInput> = {}, as: TSession = admin) => {
  const res = await call(t, 'POST', '/api/site-pages', { as, body: page(o) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<contentApi.TSitePage>();
};
const publish = async (p: contentApi.TSitePage) => {
  const res = await call(t, 'POST', `/api/site-pages/${p.id}/publish`, { as: admin, body: { version: p.version } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<contentApi.TSitePage>();
};
const save = (p: contentApi.TSitePage, o: Partial<contentApi.TSaveSitePageInput>, version = p.version) =>
  call(t, 'PUT', `/api/site-pages/${p.id}`, {
    as: admin,
    body: {
      title: p.title,
      slug: p.slug,
      audience: p.audience,
      stages: p.stages,
      visaTypes: p.visaTypes,
      draftTitle: p.draftTitle,
      draftBodyHtml: p.draftBodyHtml,
      ...o,
      version,
    },
  });
const mine = async (as: TSession) => {
  const res = await call(t, 'GET', '/api/site-pages/mine', { as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<contentApi.TMySitePages>().items.map((i) => i.slug);
};
const readPage = (as: TSession, s: string) => call(t, 'GET', `/api/site-pages/mine/${s}`, { as });

/** A student with a portal account at the given stage and visa type, signed in. */
async function studentAt(currentStage: 'pre_arrival' | 'check_in' | 'continuing', visaType: 'F-1' | 'J-1'): Promise<TSession> {
  const u = await buildUser(t, { role: 'ISSSstudent', canSignIn: true });
  await buildStudent(t, { user: u.userName, currentStage, visaType });
  return t.login(u.userName);
}

describe('writing a page', () => {
  it('creates a draft with the text cleaned: scripts, styles and frames removed, links kept', async () => {
    const p = await create({
      draftBodyHtml:
        '<h2>Before you travel</h2><p onclick="x()">Read <a href="https://studyinthestates.dhs.gov/">Study in the States</a> or ' +
        '<a href="mailto:isss@demo.example.edu">write to us</a>.</p><script>alert(1)</script><style>p{}</style>' +
        '<iframe src="https://evil.example"></iframe><a href="javascript:alert(1)">bad</a>',
    });
    expect(p.state).toBe('draft');
    expect(p.version).toBe(1);
    expect(p.draftBodyHtml).toContain('<h2>Before you travel</h2>');
    expect(p.draftBodyHtml).toContain('<a href="https://studyinthestates.dhs.gov/" rel="noopener noreferrer" target="_blank">');
    expect(p.draftBodyHtml).toContain('href="mailto:isss@demo.example.edu"');
    expect(p.draftBodyHtml).not.toMatch(/script|style|iframe|onclick|javascript/i);
    const list = await call(t, 'GET', '/api/site-pages', { as: admin });
    expect(list.json<contentApi.TSitePageList>().items.find((i) => i.id === p.id)).toMatchObject({ state: 'draft', slug: p.slug });
    const [audit] = await t.sql<{ action: string }>('select action from audit_events where entity_id = $1', [p.id]);
    expect(audit?.action).toBe('site-page.created');
  });

  it('previews the text as readers will see it, saving nothing', async () => {
    const res = await call(t, 'POST', '/api/site-pages/preview', { as: admin, body: { bodyHtml: '<p>Hi<script>x</script></p>' } });
    expect(res.json()).toEqual({ html: '<p>Hi</p>' });
  });

  it('says what is wrong on the field: title, heading, address format, stages on a scholars page, visa types', async () => {
    const res = await call(t, 'POST', '/api/site-pages', {
      as: admin,
      body: page({ title: ' ', draftTitle: '', slug: 'Not An Address!', audience: 'scholars', stages: ['check_in'], visaTypes: ['F-1'] }),
    });
    expect(res.statusCode).toBe(400);
    const errors = res.json<{ fieldErrors: Record<string, string[]> }>().fieldErrors;
    expect(errors).toMatchObject({
      title: [M.titleRequired],
      draftTitle: [M.headingRequired],
      slug: [M.slugFormat],
    });
  });

  it('refuses stages on a scholars page and a visa type of the other audience, on the field', async () => {
    const res = await call(t, 'POST', '/api/site-pages', {
      as: admin,
      body: page({ audience: 'scholars', stages: ['check_in'], visaTypes: ['F-1'] }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ fieldErrors: Record<string, string[]> }>().fieldErrors).toMatchObject({
      stages: [M.stagesScholars],
      visaTypes: [M.visaTypeNotFor],
    });
  });

  it('keeps each address to one page of the office', async () => {
    const first = await create();
    const again = await call(t, 'POST', '/api/site-pages', { as: admin, body: page({ slug: first.slug }) });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: M.slugTaken, fieldErrors: { slug: [M.slugTaken] } });
    const other = await create();
    const moved = await save(other, { slug: first.slug });
    expect(moved.statusCode).toBe(409);
    expect(moved.json()).toMatchObject({ fieldErrors: { slug: [M.slugTaken] } });
    // Another office may use the same address.
    const b = await t.login('admin', { host: HOST_B });
    const res = await call(t, 'POST', '/api/site-pages', { as: b, host: HOST_B, body: page({ slug: first.slug }) });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses a save over a newer version (409) and keeps the newer one', async () => {
    const p = await create();
    const first = await save(p, { draftTitle: 'First edit' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<contentApi.TSitePage>().version).toBe(2);
    const stale = await save(p, { draftTitle: 'Stale edit' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'CONFLICT', message: M.stale });
    const now = await call(t, 'GET', `/api/site-pages/${p.id}`, { as: admin });
    expect(now.json<contentApi.TSitePage>()).toMatchObject({ draftTitle: 'First edit', version: 2 });
    const stalePublish = await call(t, 'POST', `/api/site-pages/${p.id}/publish`, { as: admin, body: { version: 1 } });
    expect(stalePublish.statusCode).toBe(409);
  });
});

describe('who may write pages', () => {
  it('a staff member without the website-content flag gets 403; with it, 200', async () => {
    expect((await call(t, 'GET', '/api/site-pages', { as: officer })).statusCode).toBe(403);
    expect((await call(t, 'POST', '/api/site-pages', { as: officer, body: page() })).statusCode).toBe(403);
    const before = await setStaffPermissions(t, 'officer', (p) => ({ ...p, websiteContent: true }));
    try {
      const res = await call(t, 'POST', '/api/site-pages', { as: officer, body: page() });
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      await setStaffPermissions(t, 'officer', () => before);
    }
    expect((await call(t, 'GET', '/api/site-pages', { as: student })).statusCode).toBe(403);
  });

  it('another institution’s page is not found', async () => {
    const p = await create();
    const b = await t.login('admin', { host: HOST_B });
    expect((await call(t, 'GET', `/api/site-pages/${p.id}`, { as: b, host: HOST_B })).statusCode).toBe(404);
    const res = await call(t, 'POST', `/api/site-pages/${p.id}/publish`, { as: b, host: HOST_B, body: { version: p.version } });
    expect(res.statusCode).toBe(404);
    expect((await call(t, 'DELETE', `/api/site-pages/${p.id}`, { as: b, host: HOST_B })).statusCode).toBe(404);
  });

  it('staff do not read the portal’s pages', async () => {
    expect((await call(t, 'GET', '/api/site-pages/mine', { as: admin })).statusCode).toBe(403);
  });
});

describe('reading pages', () => {
  it('the demo office’s pages: welcome for every student, one for scholars, a draft nobody reads', async () => {
    expect(await mine(student)).toContain('welcome-to-campus');
    expect(await mine(student)).not.toContain('opt-workshop');
    expect(await mine(scholar)).toEqual(['scholars-first-days']);
    const welcome = (await readPage(student, 'welcome-to-campus')).json<contentApi.TMySitePage>();
    // Seeded as the editor keeps it: cleaning it again changes nothing.
    expect(cleanPageHtml(welcome.bodyHtml)).toBe(welcome.bodyHtml);
    expect(welcome.bodyHtml).toContain('href="mailto:isss@demo.example.edu"');
  });

  it('a student in the page’s stage and visa type reads it once published; others do not (404 by address)', async () => {
    const preArrivalF1 = await studentAt('pre_arrival', 'F-1');
    const preArrivalJ1 = await studentAt('pre_arrival', 'J-1');
    const checkInF1 = await studentAt('check_in', 'F-1');
    const p = await create({ stages: ['pre_arrival'], visaTypes: ['F-1'], draftTitle: 'Before you arrive' });
    // A draft is nobody's yet.
    expect(await mine(preArrivalF1)).not.toContain(p.slug);
    expect((await readPage(preArrivalF1, p.slug)).statusCode).toBe(404);
    await publish(p);
    expect(await mine(preArrivalF1)).toContain(p.slug);
    const read = await readPage(preArrivalF1, p.slug);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ slug: p.slug, title: 'Before you arrive', bodyHtml: '<p>Welcome!</p>' });
    for (const other of [preArrivalJ1, checkInF1, student]) {
      expect(await mine(other)).not.toContain(p.slug);
      expect((await readPage(other, p.slug)).statusCode).toBe(404);
    }
    expect((await readPage(scholar, p.slug)).statusCode).toBe(404);
  });

  it('a page for every stage and visa type reaches every student, in the office’s order', async () => {
    const a = await publish(await create());
    const b = await publish(await create());
    const res = await call(t, 'PUT', '/api/site-pages/order', { as: admin, body: { pageIds: [b.id, a.id] } });
    expect(res.statusCode, res.body).toBe(200);
    const slugs = await mine(student);
    expect(slugs.indexOf(b.slug)).toBeGreaterThanOrEqual(0);
    expect(slugs.indexOf(b.slug)).toBeLessThan(slugs.indexOf(a.slug));
    expect(await mine(scholar)).not.toContain(a.slug);
  });

  it('draft changes are not seen until published again; unpublished pages are gone', async () => {
    const p = await publish(await create({ draftTitle: 'Version one', draftBodyHtml: '<p>One</p>' }));
    const edited = await save(p, { draftTitle: 'Version two', draftBodyHtml: '<p>Two</p>' });
    expect(edited.statusCode, edited.body).toBe(200);
    const changed = edited.json<contentApi.TSitePage>();
    expect(changed.state).toBe('changed');
    expect((await readPage(student, p.slug)).json()).toMatchObject({ title: 'Version one', bodyHtml: '<p>One</p>' });
    const republished = await publish(changed);
    expect(republished.state).toBe('published');
    expect((await readPage(student, p.slug)).json()).toMatchObject({ title: 'Version two', bodyHtml: '<p>Two</p>' });
    const off = await call(t, 'POST', `/api/site-pages/${p.id}/unpublish`, { as: admin, body: { version: republished.version } });
    expect(off.json<contentApi.TSitePage>().state).toBe('draft');
    expect((await readPage(student, p.slug)).statusCode).toBe(404);
    expect((await call(t, 'DELETE', `/api/site-pages/${p.id}`, { as: admin })).statusCode).toBe(200);
    expect((await call(t, 'GET', `/api/site-pages/${p.id}`, { as: admin })).statusCode).toBe(404);
  });

  it('a scholar reads the scholars’ pages of their visa type (the demo scholar: H-1B)', async () => {
    const h1b = await publish(await create({ audience: 'scholars', visaTypes: ['H-1B'] }));
    const j1 = await publish(await create({ audience: 'scholars', visaTypes: ['J-1'] }));
    const all = await publish(await create({ audience: 'scholars' }));
    const slugs = await mine(scholar);
    expect(slugs).toEqual(expect.arrayContaining([h1b.slug, all.slug]));
    expect(slugs).not.toContain(j1.slug);
    expect((await readPage(scholar, j1.slug)).statusCode).toBe(404);
    expect((await readPage(student, all.slug)).statusCode).toBe(404);
  });
});
