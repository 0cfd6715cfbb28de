import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { studentsApi, type TSession } from '@meridian/domain';
import { createTestApp, HOST_B, type TTestApp } from './app.js';
import { call } from './http.js';
import { buildStudent } from './factories/index.js';

// docs/product/students-records.md#tags: the office's tags as one vocabulary.

let t: TTestApp;
let admin: TSession;
let officer: TSession;
let assistant: TSession;

beforeAll(async () => {
  t = await createTestApp();
  [admin, officer, assistant] = await t.loginAll('admin', 'officer', 'assistant');
});
afterAll(async () => {
  await t?.close();
});

const tag = (name: string) => `${name}-${randomBytes(3).toString('hex')}`;
const tagsOf = async (id: string) => (await t.sqlOne<{ tags: string[] }>('select tags from student_profiles where id = $1', [id])).tags;
const counts = async (as: TSession) => {
  const res = await call(t, 'GET', '/api/students/tags', { as });
  expect(res.statusCode, res.body).toBe(200);
  return new Map(res.json<{ items: studentsApi.TStudentTagSummary[] }>().items.map((i) => [i.tag, i.records]));
};

describe('the tag list', () => {
  it('counts the records carrying each tag, of the records the caller reaches', async () => {
    const scholarship = tag('Scholarship');
    await buildStudent(t, { site: 'MAIN', tags: [scholarship] });
    await buildStudent(t, { site: 'MED', tags: [scholarship, 'other'] });
    expect((await counts(admin)).get(scholarship)).toBe(2);
    // The demo officer reaches Main Campus only.
    expect((await counts(officer)).get(scholarship)).toBe(1);
    const other = await call(t, 'GET', '/api/students/tags', { as: await t.login('admin', { host: HOST_B }), host: HOST_B });
    expect(other.json<{ items: { tag: string }[] }>().items.map((i) => i.tag)).not.toContain(scholarship);
  });
});

describe('rename, merge and remove', () => {
  it('renames a tag on every record, and the History of the office says so', async () => {
    const from = tag('Sponsored');
    const a = await buildStudent(t, { site: 'MAIN', tags: ['first', from, 'last'] });
    const b = await buildStudent(t, { site: 'MED', tags: [from] });
    const res = await call(t, 'POST', '/api/students/tags/rename', { as: admin, body: { from, to: `${from}-Gov` } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ records: 2, merged: false });
    expect(await tagsOf(a.id)).toEqual(['first', `${from}-Gov`, 'last']);
    expect(await tagsOf(b.id)).toEqual([`${from}-Gov`]);
    const audit = await t.sqlOne<{ action: string; after: unknown }>(
      "select action, after from audit_events where entity_type = 'student_tag' and entity_id = $1",
      [from],
    );
    expect(audit).toEqual({ action: 'student.tags.renamed', after: { tag: `${from}-Gov`, records: 2 } });
  });

  it('merges into a tag that exists: a record carrying both keeps it once, where the first was', async () => {
    const old = tag('Fulbright');
    const kept = tag('Fulbright-Program');
    const both = await buildStudent(t, { tags: [old, 'x', kept] });
    const one = await buildStudent(t, { tags: [old] });
    const res = await call(t, 'POST', '/api/students/tags/rename', { as: admin, body: { from: old, to: kept } });
    expect(res.json()).toEqual({ records: 2, merged: true });
    expect(await tagsOf(both.id)).toEqual([kept, 'x']);
    expect(await tagsOf(one.id)).toEqual([kept]);
  });

  it('says on the field when the tag is unknown or the name unchanged', async () => {
    const unknown = await call(t, 'POST', '/api/students/tags/rename', { as: admin, body: { from: tag('nobody'), to: 'x' } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ fieldErrors: { from: [studentsApi.TAG_MSG.unknownTag] } });
    const same = await call(t, 'POST', '/api/students/tags/rename', { as: admin, body: { from: 'x', to: 'x' } });
    expect(same.json()).toMatchObject({ fieldErrors: { to: [studentsApi.TAG_MSG.sameName] } });
    const blank = await call(t, 'POST', '/api/students/tags/rename', { as: admin, body: { from: 'x', to: '  ' } });
    expect(blank.statusCode).toBe(400);
    expect(Object.keys(blank.json<{ fieldErrors: Record<string, string[]> }>().fieldErrors)).toEqual(['to']);
  });

  it('removes a tag from every record', async () => {
    const gone = tag('Pilot');
    const a = await buildStudent(t, { tags: [gone, 'stays'] });
    const res = await call(t, 'POST', '/api/students/tags/remove', { as: admin, body: { tag: gone } });
    expect(res.json()).toEqual({ records: 1, merged: false });
    expect(await tagsOf(a.id)).toEqual(['stays']);
  });

  it('is for super users and officers of every campus site: a one-site officer changes nothing', async () => {
    const mine = tag('Mine');
    const a = await buildStudent(t, { site: 'MAIN', tags: [mine] });
    const res = await call(t, 'POST', '/api/students/tags/remove', { as: officer, body: { tag: mine } });
    expect(res.statusCode).toBe(403);
    expect(await tagsOf(a.id)).toEqual([mine]);
  });
});

describe('tagging the chosen records', () => {
  it('adds and removes tags on the records the caller may change, skipping the others', async () => {
    const cohort = tag('Cohort');
    const main = await buildStudent(t, { site: 'MAIN', tags: ['old'] });
    const med = await buildStudent(t, { site: 'MED', tags: ['old'] });
    const res = await call(t, 'POST', '/api/students/tags/apply', {
      as: officer,
      body: { profileIds: [main.id, med.id], add: [cohort, cohort], remove: ['old'] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ changed: 1, skipped: 1 });
    expect(await tagsOf(main.id)).toEqual([cohort]);
    expect(await tagsOf(med.id)).toEqual(['old']);
    const history = await t.sqlOne<{ before: unknown; after: unknown }>(
      "select before, after from audit_events where entity_id = $1 and action = 'student.tags.changed'",
      [main.id],
    );
    expect(history).toEqual({ before: { tags: ['old'] }, after: { tags: [cohort] } });
  });

  it('asks for a tag when none is given, and leaves a record already tagged as it was', async () => {
    const none = await call(t, 'POST', '/api/students/tags/apply', { as: assistant, body: { profileIds: [(await buildStudent(t)).id] } });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ fieldErrors: { add: [studentsApi.TAG_MSG.nothingToDo] } });
    const done = tag('Done');
    const a = await buildStudent(t, { site: 'MAIN', tags: [done] });
    const res = await call(t, 'POST', '/api/students/tags/apply', { as: admin, body: { profileIds: [a.id], add: [done] } });
    expect(res.json()).toEqual({ changed: 0, skipped: 0 });
  });
});
