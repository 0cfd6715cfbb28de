import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_TIME_ZONE,
  FORM_MSG,
  todayIn,
  type formsApi,
  type TItemType,
  type TQuestionnaireItem,
  type TSession,
} from '@meridian/domain';
import {
  findCompletenessErrors as completenessErrors,
  findConditionalQuestionnaires as conditionalQuestionnaires,
  loadForAnswering,
  markSubmitted,
  saveDraftAnswers,
} from '../src/modules/forms/index.js';
import type { TTx } from '../src/platform/db/database.js';
import type { TContext } from '../src/platform/http/context.js';
import { createTestApp, HOST_B, type TTestApp } from './app.js';
import { buildQuestionnaire } from './factories/index.js';
import { call } from './http.js';
import { auditActionsOf } from './readers.js';

let t: TTestApp;
let admin: TSession;
let officer: TSession;
let assistant: TSession;

beforeAll(async () => {
  t = await createTestApp();
  [admin, officer, assistant] = await Promise.all([t.login('admin'), t.login('officer'), t.login('assistant')]);
});
afterAll(async () => {
  await t?.close();
});

const opts = [
  { value: 'a', label: 'Alpha' },
  { value: 'b', label: 'Beta' },
];
function item(type: TItemType, x: Partial<TQuestionnaireItem> = {}) {
  return { id: randomUUID(), text: `A ${type} question`, type, required: true, instructions: `About ${type}`, ...x };
}

/** Every item type, each required; options on the selections. */
function everyType(lookupSetId?: string) {
  return [
    item('SELCT', lookupSetId ? { lookupSetId } : { options: opts }),
    item('MULTI', { options: opts }),
    item('SHORT'),
    item('FIELD', { datatype: 'NUMR' }),
    item('ESSAY'),
    item('YESNO'),
    item('IFYXP'),
    item('IFNXP'),
    item('DATEO'),
    item('RATNG'),
  ];
}

async function create(body: Partial<formsApi.TSaveQuestionnaireInput> & { content: unknown }, as = admin) {
  const res = await call(t, 'POST', '/api/questionnaires', { as, body: { name: `Q ${randomUUID().slice(0, 6)}`, ...body } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<formsApi.TQuestionnaire>();
}

/** The module API as the requests module uses it, inside one tenant transaction. */
const inTenant = <T>(fn: (tx: TTx) => Promise<T>, institutionId = t.institutionA) => t.database.tenant(institutionId, fn);
const ctx = (): TContext => ({
  institutionId: t.institutionA,
  actor: null,
  ip: '127.0.0.1',
  userAgent: 'test',
  timeZone: DEFAULT_TIME_ZONE,
  today: () => todayIn(DEFAULT_TIME_ZONE),
  services: t.services,
  db: (fn) => t.database.tenant(t.institutionA, fn),
});

describe('listQuestionnaires (the Form Management list)', () => {
  it('filters by program type, keywords and Active/Retired, pages by 10 and sorts by name on the server', async () => {
    for (let i = 1; i <= 12; i++)
      await create({ name: `Paging ${String(i).padStart(2, '0')}`, programType: 'J-1 Scholars', content: { folders: [] } });
    const list = async (query: Record<string, string | number>) => {
      const res = await call(t, 'GET', '/api/questionnaires', { as: assistant, query });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ items: formsApi.TQuestionnaireSummary[]; total: number }>();
    };
    const p1 = await list({ programType: 'J-1 Scholars', keywords: 'paging' });
    expect(p1.total).toBe(12);
    expect(p1.items.map((q) => q.name)).toEqual(Array.from({ length: 10 }, (_, i) => `Paging ${String(i + 1).padStart(2, '0')}`));
    const p2 = await list({ programType: 'J-1 Scholars', keywords: 'paging', page: 2 });
    expect(p2.items.map((q) => q.name)).toEqual(['Paging 11', 'Paging 12']);
    const desc = await list({ programType: 'J-1 Scholars', keywords: 'paging', order: 'desc', pageSize: 3 });
    expect(desc.items.map((q) => q.name)).toEqual(['Paging 12', 'Paging 11', 'Paging 10']);
    // Defaults: 'EB Scholars', active only: the seeded questionnaire, not the J-1 ones.
    const defaults = await list({});
    expect(defaults.items.map((q) => q.name)).toContain('Employment details');
    expect(defaults.items.some((q) => q.name.startsWith('Paging'))).toBe(false);
    expect((await list({ programType: 'J-1 Scholars', keywords: 'Paging 07' })).items.map((q) => q.name)).toEqual(['Paging 07']);
    expect((await list({ programType: 'J-1 Scholars', keywords: '100%_' })).total).toBe(0);
    const bad = await call(t, 'GET', '/api/questionnaires', { as: admin, query: { bRetired: '2' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toHaveProperty('bRetired');
  });
});

describe('the builder', () => {
  it('round-trips folders and items of every type, with options inline or from a lookup set', async () => {
    const set = await call(t, 'POST', '/api/lookup-sets', {
      as: officer,
      body: {
        name: 'Yes/No/Unsure',
        options: [
          { value: 'Y', label: 'Yes' },
          { value: 'N', label: 'No' },
          { value: 'U', label: 'Unsure' },
        ],
      },
    });
    expect(set.statusCode, set.body).toBe(200);
    const items = everyType(set.json().id);
    const folders = [
      { id: randomUUID(), name: 'First', items: items.slice(0, 5) },
      { id: randomUUID(), name: 'Second', items: items.slice(5) },
    ];
    const q = await create({ name: 'Every type', description: 'All ten', isConditional: true, content: { folders } }, officer);
    const got = (await call(t, 'GET', `/api/questionnaires/${q.id}`, { as: assistant })).json<formsApi.TQuestionnaire>();
    expect(got).toMatchObject({
      name: 'Every type',
      description: 'All ten',
      isConditional: true,
      versionNo: 1,
      itemCount: 10,
      hasAnswers: false,
      canManage: false,
    });
    expect(got.content.folders.map((f) => [f.name, f.ordinal])).toEqual([
      ['First', 1],
      ['Second', 2],
    ]);
    const flat = got.content.folders.flatMap((f) => f.items);
    expect(flat.map((i) => i.type)).toEqual(['SELCT', 'MULTI', 'SHORT', 'FIELD', 'ESSAY', 'YESNO', 'IFYXP', 'IFNXP', 'DATEO', 'RATNG']);
    expect(flat.map((i) => i.ordinal)).toEqual([1, 2, 3, 4, 5, 1, 2, 3, 4, 5]);
    expect(flat[0]).toMatchObject({ lookupSetId: set.json().id, options: [] });
    expect(flat[1]!.options).toEqual(opts);
    expect(flat[3]!.datatype).toBe('NUMR');
    expect(flat.every((i) => i.required && i.instructions.startsWith('About'))).toBe(true);
    // Answering resolves the lookup set's options.
    const answering = await inTenant((tx) => loadForAnswering(tx, 'test', randomUUID(), q.id));
    expect(answering.content.folders[0]!.items[0]!.options.map((o) => o.label)).toEqual(['Yes', 'No', 'Unsure']);
  });

  it('refuses selections without options, unknown lookup sets and duplicate ids with field errors', async () => {
    const dup = randomUUID();
    const res = await call(t, 'POST', '/api/questionnaires', {
      as: admin,
      body: {
        name: 'Broken',
        content: {
          folders: [
            {
              id: randomUUID(),
              name: 'F',
              items: [item('SELCT'), item('MULTI', { lookupSetId: randomUUID() }), item('SHORT', { id: dup }), item('SHORT', { id: dup })],
            },
          ],
        },
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({
      'content.folders.0.items.0.options': ['Add at least one option or choose a lookup set.'],
      'content.folders.0.items.1.lookupSetId': ['Choose a lookup set from the list.'],
      'content.folders.0.items.3.id': ['This id is used twice in the questionnaire.'],
    });
    const empty = await call(t, 'POST', '/api/questionnaires', {
      as: admin,
      body: { name: ' ', content: { folders: [{ id: randomUUID(), name: '', items: [item('NOPE' as TItemType)] }] } },
    });
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json().fieldErrors)).toEqual(
      expect.arrayContaining(['name', 'content.folders.0.name', 'content.folders.0.items.0.type']),
    );
  });
});

describe('versions: answers stay bound to the version they answered', () => {
  it('edits in place until answered, then a change becomes a new version; old answers load with old content', async () => {
    const first = item('SHORT', { text: 'Old wording' });
    const q = await create({ content: { folders: [{ id: randomUUID(), name: 'F', items: [first] }] } });
    // No answers yet: editing keeps version 1.
    const edited = await call(t, 'PUT', `/api/questionnaires/${q.id}`, {
      as: admin,
      body: { name: q.name, content: { folders: [{ id: randomUUID(), name: 'F', items: [first] }] } },
    });
    expect(edited.json()).toMatchObject({ versionNo: 1, hasAnswers: false });

    const s1 = randomUUID();
    await inTenant((tx) => saveDraftAnswers(tx, ctx(), 'request', s1, q.id, { [first.id]: { value: 'First answer' } }));
    expect((await call(t, 'GET', `/api/questionnaires/${q.id}`, { as: admin })).json()).toMatchObject({ hasAnswers: true, versionNo: 1 });

    const second = item('DATEO', { text: 'New question' });
    const v2 = await call(t, 'PUT', `/api/questionnaires/${q.id}`, {
      as: admin,
      body: {
        name: 'Renamed',
        content: { folders: [{ id: randomUUID(), name: 'F', items: [{ ...first, text: 'New wording' }, second] }] },
      },
    });
    expect(v2.statusCode, v2.body).toBe(200);
    expect(v2.json()).toMatchObject({ name: 'Renamed', versionNo: 2, hasAnswers: false, itemCount: 2 });

    const old = await inTenant((tx) => loadForAnswering(tx, 'request', s1, q.id));
    expect(old).toMatchObject({ versionNo: 1, name: 'Renamed', answers: { [first.id]: { value: 'First answer' } } });
    expect(old.content.folders[0]!.items.map((i) => i.text)).toEqual(['Old wording']);
    const fresh = await inTenant((tx) => loadForAnswering(tx, 'request', randomUUID(), q.id));
    expect(fresh).toMatchObject({ versionNo: 2, answers: {}, isSubmitted: false });
    expect(fresh.content.folders[0]!.items.map((i) => i.text)).toEqual(['New wording', 'New question']);
    // The old subject keeps saving against version 1: the new item is unknown to it.
    await expect(
      inTenant((tx) => saveDraftAnswers(tx, ctx(), 'request', s1, q.id, { [second.id]: { value: '01/02/2024' } })),
    ).rejects.toMatchObject({
      statusCode: 400,
      fieldErrors: { [`answers.${q.id}.${second.id}`]: ['This question is not part of the questionnaire.'] },
    });

    const versions = (await call(t, 'GET', `/api/questionnaires/${q.id}/versions`, { as: assistant })).json<
      formsApi.TQuestionnaireVersion[]
    >();
    expect(versions.map((v) => [v.versionNo, v.answerSetCount, v.itemCount])).toEqual([
      [2, 0, 2],
      [1, 1, 1],
    ]);
    // A name-only change of an answered version makes no new version.
    const renamed = await call(t, 'PUT', `/api/questionnaires/${q.id}`, {
      as: admin,
      body: { name: 'Renamed again', content: fresh.content },
    });
    expect(renamed.json()).toMatchObject({ versionNo: 2 });
    expect(await auditActionsOf(t, q.id)).toEqual(
      expect.arrayContaining(['questionnaire.created', 'questionnaire.updated', 'questionnaire.versioned']),
    );
  });
});

describe('conditional questionnaires', () => {
  it('an answer brings in a conditional questionnaire; only questionnaires marked conditional can be named', async () => {
    const plain = await create({ content: { folders: [] } });
    const cond = await create({
      name: 'Dependents',
      isConditional: true,
      content: { folders: [{ id: randomUUID(), name: 'F', items: [item('SHORT')] }] },
    });
    const ask = item('YESNO', { showsQuestionnaire: { whenValue: 'yes', questionnaireId: plain.id } });
    const refused = await call(t, 'POST', '/api/questionnaires', {
      as: admin,
      body: { name: 'Parent', content: { folders: [{ id: randomUUID(), name: 'F', items: [ask] }] } },
    });
    expect(refused.json().fieldErrors).toEqual({
      'content.folders.0.items.0.showsQuestionnaire.questionnaireId': ['Choose a conditional questionnaire.'],
    });
    const ok = { ...ask, showsQuestionnaire: { whenValue: 'yes', questionnaireId: cond.id } };
    const parent = await create({
      name: 'Parent',
      content: {
        folders: [
          { id: randomUUID(), name: 'F', items: [ok, item('SHORT', { showsQuestionnaire: { whenValue: 'x', questionnaireId: cond.id } })] },
        ],
      },
    });
    // Only selection and yes/no answers can bring one in.
    expect(parent.content.folders[0]!.items.map((i) => i.showsQuestionnaire)).toEqual([
      { whenValue: 'yes', questionnaireId: cond.id },
      null,
    ]);
    const subject = randomUUID();
    expect(await inTenant((tx) => conditionalQuestionnaires(tx, 'request', subject, [parent.id]))).toEqual([]);
    await inTenant((tx) => saveDraftAnswers(tx, ctx(), 'request', subject, parent.id, { [ok.id]: { value: 'no' } }));
    expect(await inTenant((tx) => conditionalQuestionnaires(tx, 'request', subject, [parent.id]))).toEqual([]);
    await inTenant((tx) => saveDraftAnswers(tx, ctx(), 'request', subject, parent.id, { [ok.id]: { value: 'yes' } }));
    expect(await inTenant((tx) => conditionalQuestionnaires(tx, 'request', subject, [parent.id]))).toEqual([cond.id]);
    expect(await inTenant((tx) => conditionalQuestionnaires(tx, 'request', subject, [parent.id, cond.id]))).toEqual([]);
  });
});

describe('saves at the same moment', () => {
  it('two changes of an answered questionnaire make one new version, and neither fails', async () => {
    const first = item('SHORT');
    const q = await create({ content: { folders: [{ id: randomUUID(), name: 'F', items: [first] }] } });
    await inTenant((tx) => saveDraftAnswers(tx, ctx(), 'request', randomUUID(), q.id, { [first.id]: { value: 'x' } }));
    const body = (text: string) => ({ name: q.name, content: { folders: [{ id: randomUUID(), name: 'F', items: [{ ...first, text }] }] } });
    const [a, b] = await Promise.all([
      call(t, 'PUT', `/api/questionnaires/${q.id}`, { as: admin, body: body('One') }),
      call(t, 'PUT', `/api/questionnaires/${q.id}`, { as: officer, body: body('Two') }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const versions = (await call(t, 'GET', `/api/questionnaires/${q.id}/versions`, { as: admin })).json<formsApi.TQuestionnaireVersion[]>();
    expect(versions.map((v) => v.versionNo)).toEqual([2, 1]);
  });
});

describe('audit', () => {
  it('records lookup set, custom question and document changes with before and after', async () => {
    const set = (await call(t, 'POST', '/api/lookup-sets', { as: admin, body: { name: 'Audited', options: opts } })).json();
    await call(t, 'PUT', `/api/lookup-sets/${set.id}`, { as: admin, body: { name: 'Audited 2', options: opts } });
    const rows = await t.sql<{ action: string; before: { name: string } | null; after: { name: string } | null }>(
      'select action, before, after from audit_events where entity_id = $1 order by action',
      [set.id],
    );
    expect(rows.map((r) => [r.action, r.before?.name ?? null, r.after?.name])).toEqual([
      ['lookup-set.created', null, 'Audited'],
      ['lookup-set.updated', 'Audited', 'Audited 2'],
    ]);
    const doc = (
      await call(t, 'POST', '/api/custom-documents', { as: admin, body: { name: 'Audited doc', documentType: 'file_upload' } })
    ).json();
    await call(t, 'DELETE', `/api/custom-documents/${doc.id}`, { as: admin });
    const docRows = await t.sql<{ action: string }>('select action from audit_events where entity_id = $1 order by action', [doc.id]);
    expect(docRows.map((r) => r.action)).toEqual(['custom-document.created', 'custom-document.deleted']);
  });
});

describe('answers', () => {
  it('completeness: a questionnaire never opened counts as every required item unanswered; each rule has its message', async () => {
    const items = everyType();
    const byType = Object.fromEntries(items.map((i) => [i.type, i.id])) as Record<TItemType, string>;
    const q = await create({ content: { folders: [{ id: randomUUID(), name: 'F', items }] } });
    const subject = randomUUID();
    const key = (type: TItemType) => `answers.${q.id}.${byType[type]}`;
    const never = await inTenant((tx) => completenessErrors(tx, 'request', subject, [q.id]));
    expect(Object.keys(never)).toHaveLength(10);
    expect(never[key('MULTI')]).toEqual([FORM_MSG.selectOne]);
    expect(never[key('SHORT')]).toEqual(['Required field']);

    await inTenant((tx) =>
      saveDraftAnswers(tx, ctx(), 'request', subject, q.id, {
        [byType.SELCT]: { value: 'a' },
        [byType.MULTI]: { value: [] },
        [byType.SHORT]: { value: 'x' },
        [byType.FIELD]: { value: '12,5' },
        [byType.ESSAY]: { value: 'Long' },
        [byType.YESNO]: { value: 'no' },
        [byType.IFYXP]: { value: 'yes' },
        [byType.IFNXP]: { value: 'no', explanation: '' },
        [byType.DATEO]: { value: '12/31/1752' },
        [byType.RATNG]: { value: 3 },
      }),
    );
    expect(await inTenant((tx) => completenessErrors(tx, 'request', subject, [q.id]))).toEqual({
      [key('MULTI')]: ['Select at least one option.'],
      [key('FIELD')]: ['Invalid number'],
      [key('IFYXP')]: ['Please explain your answer.'],
      [key('IFNXP')]: ['Please explain your answer.'],
      [key('DATEO')]: ['Invalid date'],
    });
    // Drafts merge: fixing some answers keeps the others.
    const saved = await inTenant((tx) =>
      saveDraftAnswers(tx, ctx(), 'request', subject, q.id, {
        [byType.MULTI]: { value: ['a', 'b'] },
        [byType.FIELD]: { value: '12.5' },
        [byType.IFYXP]: { value: 'yes', explanation: 'J-1 in 2019' },
        [byType.IFNXP]: { value: 'yes' },
        [byType.DATEO]: { value: '02/29/2024' },
      }),
    );
    expect(saved.answers[byType.SHORT]).toEqual({ value: 'x' });
    expect(await inTenant((tx) => completenessErrors(tx, 'request', subject, [q.id]))).toEqual({});
    await inTenant((tx) => markSubmitted(tx, 'request', subject, [q.id]));
    expect((await inTenant((tx) => loadForAnswering(tx, 'request', subject, q.id))).isSubmitted).toBe(true);
    const sets = await t.sql<{ id: string }>('select id from answer_sets where subject_id = $1', [subject]);
    const trail = await t.sql<{ after: { answers: Record<string, unknown> } }>(
      'select after from audit_events where action = $1 and entity_id = $2',
      ['answers.saved', sets[0]!.id],
    );
    expect(trail).toHaveLength(2);
  });

  it('refuses wrong shapes and unknown items with field errors', async () => {
    const items = everyType();
    const byType = Object.fromEntries(items.map((i) => [i.type, i.id])) as Record<TItemType, string>;
    const q = await create({ content: { folders: [{ id: randomUUID(), name: 'F', items }] } });
    const unknown = randomUUID();
    const err = await inTenant((tx) =>
      saveDraftAnswers(tx, ctx(), 'request', randomUUID(), q.id, {
        [byType.MULTI]: { value: 'a' },
        [byType.SELCT]: { value: 'zzz' },
        [byType.RATNG]: { value: 7 },
        [byType.YESNO]: { value: 'maybe' },
        [byType.SHORT]: { value: ['x'] },
        [byType.DATEO]: { value: 5 },
        [unknown]: { value: 'x' },
      }),
    ).catch((e: unknown) => e as { statusCode: number; fieldErrors: Record<string, string[]> });
    expect(err).toMatchObject({ statusCode: 400 });
    const k = (id: string) => `answers.${q.id}.${id}`;
    expect((err as { fieldErrors: unknown }).fieldErrors).toEqual({
      [k(byType.MULTI)]: ['Invalid value'],
      [k(byType.SELCT)]: ['Invalid value'],
      [k(byType.RATNG)]: ['Choose a rating from 1 to 5.'],
      [k(byType.YESNO)]: ['Invalid value'],
      [k(byType.SHORT)]: ['Invalid value'],
      [k(byType.DATEO)]: ['Invalid value'],
      [k(unknown)]: ['This question is not part of the questionnaire.'],
    });
    // Nothing was stored.
    expect(
      await t.sql(
        'select 1 from answer_sets a join questionnaire_versions v on v.id = a.questionnaire_version_id where v.questionnaire_id = $1',
        [q.id],
      ),
    ).toHaveLength(0);
  });
});

describe('retire', () => {
  it('moves a questionnaire to the Retired list; unanswered subjects can no longer open it, answered ones still can', async () => {
    const it1 = item('SHORT');
    const q = await create({ name: 'To retire', content: { folders: [{ id: randomUUID(), name: 'F', items: [it1] }] } });
    const answered = randomUUID();
    await inTenant((tx) => saveDraftAnswers(tx, ctx(), 'request', answered, q.id, { [it1.id]: { value: 'kept' } }));
    expect((await call(t, 'POST', `/api/questionnaires/${q.id}/retire`, { as: assistant })).statusCode).toBe(403);
    const r = await call(t, 'POST', `/api/questionnaires/${q.id}/retire`, { as: officer });
    expect(r.json()).toMatchObject({ isRetired: true });
    const names = async (bRetired: string) =>
      (
        (await call(t, 'GET', '/api/questionnaires', { as: admin, query: { bRetired, keywords: 'To retire' } })).json().items as {
          name: string;
        }[]
      ).map((x) => x.name);
    expect(await names('1')).toEqual(['To retire']);
    expect(await names('0')).toEqual([]);
    await expect(inTenant((tx) => loadForAnswering(tx, 'request', randomUUID(), q.id))).rejects.toMatchObject({ statusCode: 404 });
    expect((await inTenant((tx) => loadForAnswering(tx, 'request', answered, q.id))).answers).toEqual({ [it1.id]: { value: 'kept' } });
    expect(await inTenant((tx) => completenessErrors(tx, 'request', randomUUID(), [q.id]))).toEqual({});
    expect((await call(t, 'POST', `/api/questionnaires/${q.id}/unretire`, { as: admin })).json()).toMatchObject({ isRetired: false });
  });
});

describe('permissions and institutions', () => {
  it('students, scholars and departments are refused; assistants read; officers manage', async () => {
    for (const who of ['student', 'scholar', 'dept']) {
      const s = await t.login(who);
      expect((await call(t, 'GET', '/api/questionnaires', { as: s })).statusCode).toBe(403);
      expect((await call(t, 'GET', '/api/lookup-sets', { as: s })).statusCode).toBe(403);
    }
    expect((await call(t, 'GET', '/api/custom-questions', { as: assistant })).statusCode).toBe(200);
    expect(
      (await call(t, 'POST', '/api/questionnaires', { as: assistant, body: { name: 'No', content: { folders: [] } } })).statusCode,
    ).toBe(403);
    expect(
      (await call(t, 'POST', '/api/questionnaires', { as: officer, body: { name: 'Yes', content: { folders: [] } } })).statusCode,
    ).toBe(200);
  });

  it("another institution's ids are not found, through the API or the module", async () => {
    const qA = (await buildQuestionnaire(t)).id;
    const adminB = await t.login('admin', { host: HOST_B });
    expect((await call(t, 'GET', `/api/questionnaires/${qA}`, { host: HOST_B, as: adminB })).statusCode).toBe(404);
    expect(
      (await call(t, 'PUT', `/api/questionnaires/${qA}`, { host: HOST_B, as: adminB, body: { name: 'x', content: { folders: [] } } }))
        .statusCode,
    ).toBe(404);
    const listB = (await call(t, 'GET', '/api/questionnaires', { host: HOST_B, as: adminB, query: { keywords: 'Fixture' } })).json();
    expect(listB.total).toBe(0);
    await expect(inTenant((tx) => loadForAnswering(tx, 'request', randomUUID(), qA), t.institutionB)).rejects.toMatchObject({
      statusCode: 404,
    });
    // A lookup set of A cannot be used by B's builder.
    const setA = (await call(t, 'POST', '/api/lookup-sets', { as: admin, body: { name: 'A only', options: opts } })).json();
    const res = await call(t, 'POST', '/api/questionnaires', {
      host: HOST_B,
      as: adminB,
      body: { name: 'B', content: { folders: [{ id: randomUUID(), name: 'F', items: [item('SELCT', { lookupSetId: setA.id })] }] } },
    });
    expect(res.json().fieldErrors).toEqual({ 'content.folders.0.items.0.lookupSetId': ['Choose a lookup set from the list.'] });
  });
});

describe('custom questions and documents', () => {
  it('create, update and soft delete, with selection and questionnaire rules', async () => {
    const noOptions = await call(t, 'POST', '/api/custom-questions', {
      as: officer,
      body: { questionType: 'S_SELECT', questionText: 'Pick one' },
    });
    expect(noOptions.json()).toMatchObject({ fieldErrors: { options: ['Add at least one option or choose a lookup set.'] } });
    const created = await call(t, 'POST', '/api/custom-questions', {
      as: officer,
      body: { questionType: 'M_SELECT', questionText: 'Pick some', options: opts, isRequired: true, ordinal: 2 },
    });
    expect(created.json()).toMatchObject({
      questionType: 'M_SELECT',
      questionDataType: 'TEXT',
      isRequired: true,
      isActive: true,
      isHidden: false,
      ordinal: 2,
    });
    const id = created.json().id as string;
    const updated = await call(t, 'PUT', `/api/custom-questions/${id}`, {
      as: officer,
      body: { questionType: 'NUMR', questionText: 'How many?', options: opts, isHidden: true },
    });
    expect(updated.json()).toMatchObject({ questionType: 'NUMR', questionDataType: 'NUMR', options: [], isHidden: true });
    expect((await call(t, 'DELETE', `/api/custom-questions/${id}`, { as: officer })).json()).toEqual({ ok: true });
    expect((await call(t, 'GET', '/api/custom-questions', { as: admin })).json<{ id: string }[]>().map((q) => q.id)).not.toContain(id);
    expect(
      (await call(t, 'PUT', `/api/custom-questions/${id}`, { as: officer, body: { questionType: 'TEXT', questionText: 'x' } })).statusCode,
    ).toBe(404);
    expect(await t.sql('select 1 from custom_questions where id = $1 and is_deleted', [id])).toHaveLength(1);

    const noQ = await call(t, 'POST', '/api/custom-documents', { as: officer, body: { name: 'Form', documentType: 'questionnaire' } });
    expect(noQ.json()).toMatchObject({ fieldErrors: { questionnaireId: ['Choose the questionnaire to fill in.'] } });
    const qId = (await buildQuestionnaire(t, { name: 'Doc questionnaire' })).id;
    const doc = await call(t, 'POST', '/api/custom-documents', {
      as: officer,
      body: {
        name: 'Dependent details',
        documentType: 'questionnaire',
        questionnaireId: qId,
        appliesTo: 'dependent',
        isRequired: true,
        isVisibleToStudent: false,
        ordinal: 1,
      },
    });
    expect(doc.json()).toMatchObject({
      questionnaireName: 'Doc questionnaire',
      appliesTo: 'dependent',
      isRequired: true,
      isVisibleToStudent: false,
    });
    const upload = await call(t, 'PUT', `/api/custom-documents/${doc.json().id}`, {
      as: officer,
      body: { name: 'Passport', documentType: 'file_upload', questionnaireId: qId },
    });
    expect(upload.json()).toMatchObject({ documentType: 'file_upload', questionnaireId: null, questionnaireName: null, appliesTo: 'main' });
    expect((await call(t, 'DELETE', `/api/custom-documents/${doc.json().id}`, { as: officer })).statusCode).toBe(200);
    expect((await call(t, 'DELETE', `/api/custom-documents/${doc.json().id}`, { as: officer })).statusCode).toBe(404);
  });

  it('lookup sets refuse duplicate values and empty lists', async () => {
    const dup = await call(t, 'POST', '/api/lookup-sets', {
      as: admin,
      body: {
        name: 'Dup',
        options: [
          { value: 'a', label: 'A' },
          { value: 'a', label: 'B' },
        ],
      },
    });
    expect(dup.json()).toMatchObject({ fieldErrors: { options: ['Each option needs a value of its own.'] } });
    const empty = await call(t, 'POST', '/api/lookup-sets', { as: admin, body: { name: 'Empty', options: [] } });
    expect(empty.json()).toMatchObject({ fieldErrors: { options: ['Add at least one option.'] } });
  });
});
