import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lettersApi, MERGE_TAG_NOT_APPLICABLE_MSG, type TSession } from '@meridian/domain';
import { createTestApp, type TTestApp } from './app.js';
import { call } from './http.js';
import { buildScholarCase, buildStudent, siteIdOf } from './factories/index.js';

// docs/product/letters.md#records: a scholar case's letter, merged from the case and filed on its sponsorship request.
let t: TTestApp;
let admin: TSession;
let officer: TSession;
let dept: TSession;

beforeAll(async () => {
  t = await createTestApp();
  [admin, officer, dept] = await t.loginAll('admin', 'officer', 'dept');
});
afterAll(async () => {
  await t?.close();
});

const pdfText = (pdf: Buffer) => execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: pdf }).toString('utf8');
const CASE = (id: string) => `/api/scholars/office/cases/${id}`;

let n = 0;
const template = (over: Partial<lettersApi.TSaveLetterTemplateInput> = {}): lettersApi.TSaveLetterTemplateInput => ({
  name: `H-1B support letter ${++n}`,
  recordKind: 'scholarCase',
  body: lettersApi.parseLetterMarkup(
    '# Offer of employment\n\nDear {{scholar.fullName}},\n\nThe Department of {{scholar.department}} offers you the position of **{{scholar.position}}** from {{scholar.startDate}}.',
  ),
  addressLines: ['International Office'],
  signerName: 'Jordan Lee',
  signerTitle: 'Director',
  defaultVisibility: 'office',
  ...over,
});
const created = async (over: Partial<lettersApi.TSaveLetterTemplateInput> = {}) => {
  const res = await call(t, 'POST', '/api/letter-templates', { as: admin, body: template(over) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<lettersApi.TLetterTemplate>();
};
const gen = (as: TSession, templateId: string, recordId: string, visibility: lettersApi.TLetterVisibility = 'office') =>
  call(t, 'POST', `/api/letter-templates/${templateId}/generate`, { as, body: { recordId, visibility } });
const departmentName = async (departmentId: string) =>
  (await t.sql<{ name: string }>('select name from departments where id = $1', [departmentId]))[0]!.name;

describe('letter templates for scholar cases', () => {
  it('take the scholar merge tags and refuse the student ones on the body', async () => {
    const tpl = await created();
    expect(tpl.recordKind).toBe('scholarCase');
    const list = await call(t, 'GET', '/api/letter-templates', { as: officer, query: { recordKind: 'scholarCase', search: tpl.name } });
    expect(list.json()).toMatchObject({ total: 1, items: [{ id: tpl.id, recordKind: 'scholarCase' }] });
    const wrong = await call(t, 'POST', '/api/letter-templates', {
      as: admin,
      body: template({ body: lettersApi.parseLetterMarkup('SEVIS ID: {{student.sevisId}}') }),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fieldErrors.body).toEqual([MERGE_TAG_NOT_APPLICABLE_MSG(['student.sevisId'])]);
  });
});

describe('generating a letter for a scholar case', () => {
  it("files the PDF on the case's sponsorship request with the chosen visibility and writes the case's History Log", async () => {
    const tpl = await created();
    const k = await buildScholarCase(t, { firstName: 'Kenji', lastName: 'Watanabe', position: 'Postdoctoral Researcher' });
    const res = await gen(officer, tpl.id, k.applicationId, 'person');
    expect(res.statusCode, res.body).toBe(200);
    const letter = res.json<lettersApi.TGeneratedLetter>();
    expect(letter).toMatchObject({ visibility: 'person', fileName: expect.stringMatching(/Watanabe, Kenji.*\.pdf$/) });
    const [row] = await t.sql<{
      request_id: string;
      profile_id: string | null;
      is_visible_to_requester: boolean;
      is_visible_to_department: boolean;
      content_type: string;
      description: string;
    }>(
      'select request_id, profile_id, is_visible_to_requester, is_visible_to_department, content_type, description from attachments where id = $1',
      [letter.attachmentId],
    );
    expect(row).toEqual({
      request_id: k.sponsorshipRequestId,
      profile_id: null,
      is_visible_to_requester: true,
      is_visible_to_department: true,
      content_type: 'application/pdf',
      description: `Letter: ${tpl.name}`,
    });
    const [issued] = await t.sql<{ application_id: string; profile_id: string | null }>(
      'select application_id, profile_id from letters_issued where attachment_id = $1',
      [letter.attachmentId],
    );
    expect(issued).toEqual({ application_id: k.applicationId, profile_id: null });
    // On the case's Documents tab, and in its History Log.
    const docs = await call(t, 'GET', `${CASE(k.applicationId)}/documents`, { as: officer });
    expect(docs.json<Array<{ id: string; requestId: string }>>()).toContainEqual(
      expect.objectContaining({ id: letter.attachmentId, requestId: k.sponsorshipRequestId }),
    );
    const history = await call(t, 'GET', `${CASE(k.applicationId)}/history`, { as: admin });
    expect(JSON.stringify(history.json())).toContain('letter.generated');
    // The department that asked sees a letter meant for it.
    const deptFiles = await call(t, 'GET', `/api/requests/${k.sponsorshipRequestId}/attachments`, { as: dept });
    expect(deptFiles.statusCode, deptFiles.body).toBe(200);
    expect(JSON.stringify(deptFiles.json())).toContain(letter.attachmentId);
    // The PDF's text: the scholar's name, the department, the position.
    const pdf = (await call(t, 'GET', `/api/attachments/${letter.attachmentId}/download`, { as: admin })).rawPayload;
    const text = pdfText(pdf);
    expect(text).toContain('Dear Kenji Watanabe');
    expect(text).toContain(`The Department of ${await departmentName(k.application.departmentId)}`);
    expect(text).toContain('Postdoctoral Researcher');
    // The office's only, when asked: the department does not see it.
    const office = await gen(officer, tpl.id, k.applicationId, 'office');
    expect(office.statusCode, office.body).toBe(200);
    const [o] = await t.sql<{ r: boolean; d: boolean }>(
      'select is_visible_to_requester as r, is_visible_to_department as d from attachments where id = $1',
      [office.json().attachmentId],
    );
    expect(o).toEqual({ r: false, d: false });
    const deptAfter = await call(t, 'GET', `/api/requests/${k.sponsorshipRequestId}/attachments`, { as: dept });
    expect(JSON.stringify(deptAfter.json())).not.toContain(office.json().attachmentId);
  });

  it('previews the PDF without filing anything', async () => {
    const tpl = await created();
    const k = await buildScholarCase(t, { firstName: 'Amara', lastName: 'Okafor' });
    const count = async () =>
      (await t.sql<{ n: number }>('select count(*)::int as n from attachments where request_id = $1', [k.sponsorshipRequestId]))[0]!.n;
    const before = await count();
    const res = await call(t, 'POST', `/api/letter-templates/${tpl.id}/merged`, { as: officer, body: { recordId: k.applicationId } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(pdfText(res.rawPayload)).toContain('Dear Amara Okafor');
    expect(await count()).toBe(before);
  });

  it("does not find a case of another campus site, and the department's users write no letters", async () => {
    const tpl = await created();
    const med = await siteIdOf(t, 'MED');
    const k = await buildScholarCase(t, { department: 'MED', campusSiteId: med });
    await t.sql('update requests set campus_site_id = $1 where id = $2', [med, k.sponsorshipRequestId]);
    expect((await gen(officer, tpl.id, k.applicationId)).statusCode).toBe(404);
    expect(
      (await call(t, 'POST', `/api/letter-templates/${tpl.id}/merged`, { as: officer, body: { recordId: k.applicationId } })).statusCode,
    ).toBe(404);
    const [none] = await t.sql<{ n: number }>('select count(*)::int as n from letters_issued where application_id = $1', [k.applicationId]);
    expect(none!.n).toBe(0);
    // A super user reaches every site.
    expect((await gen(admin, tpl.id, k.applicationId)).statusCode).toBe(200);
    const own = await buildScholarCase(t);
    expect((await gen(dept, tpl.id, own.applicationId)).statusCode).toBe(403);
  });

  it('refuses a record of the other kind on the record, and a scholar case template for many records on the template', async () => {
    const scholarTpl = await created();
    const studentTpl = await created({
      recordKind: 'student',
      name: `Enrolment verification (scholars test) ${++n}`,
      body: lettersApi.parseLetterMarkup('Dear {{student.fullName}},'),
    });
    const k = await buildScholarCase(t);
    const s = await buildStudent(t);
    const onStudent = await gen(admin, scholarTpl.id, s.id);
    expect(onStudent.statusCode).toBe(400);
    expect(onStudent.json().fieldErrors.recordId).toEqual([lettersApi.LETTER_MSG.scholarCaseOnly]);
    const onCase = await gen(admin, studentTpl.id, k.applicationId);
    expect(onCase.statusCode).toBe(400);
    expect(onCase.json().fieldErrors.recordId).toEqual([lettersApi.LETTER_MSG.studentRecordOnly]);
    // An id that is neither is not found.
    expect((await gen(admin, scholarTpl.id, crypto.randomUUID())).statusCode).toBe(404);
    expect((await gen(admin, studentTpl.id, crypto.randomUUID())).statusCode).toBe(404);
    const batch = await call(t, 'POST', `/api/letter-templates/${scholarTpl.id}/generate-batch`, {
      as: admin,
      body: { recordIds: [k.applicationId], visibility: 'office' },
      follow: false,
    });
    expect(batch.statusCode).toBe(400);
    expect(batch.json().fieldErrors.templateId).toEqual([lettersApi.LETTER_MSG.batchScholarCase]);
    const mixed = await call(t, 'POST', `/api/letter-templates/${studentTpl.id}/generate-batch`, {
      as: admin,
      body: { recordIds: [s.id, k.applicationId], visibility: 'office' },
      follow: false,
    });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().fieldErrors.recordIds[0]).toBe(
      'This template is for student records; 1 of the chosen records are not. Choose only student records.',
    );
  });
});
