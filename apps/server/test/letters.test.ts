import { execFileSync } from 'node:child_process';
import { crc32, deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDate, lettersApi, MERGE_TAG_NOT_APPLICABLE_MSG, MERGE_TAG_UNKNOWN_MSG, todayIn, type TSession } from '@meridian/domain';
import { createTestApp, HOST_B, type TTestApp } from './app.js';
import { call } from './http.js';
import { multipart } from './fixtures/case-fixtures.js';
import { buildStudent } from './factories/index.js';
import { buildLetterDocDefinition, LETTER_IMAGE_MAX_WIDTH, letterContent } from '../src/modules/letters/letter-pdf.js';

// docs/product/letters.md: letter templates, merged for a student record into a PDF filed on its Documents.
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

/** A real PNG, grey, of the given size (for the signature and the width cap). */
function png(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  const rows = Buffer.alloc((width + 1) * height, 0x80);
  for (let y = 0; y < height; y++) rows[y * (width + 1)] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const pdfText = (pdf: Buffer) => execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: pdf }).toString('utf8');

let n = 0;
const template = (over: Partial<lettersApi.TSaveLetterTemplateInput> = {}): lettersApi.TSaveLetterTemplateInput => ({
  name: `Enrolment verification ${++n}`,
  recordKind: 'student',
  body: lettersApi.parseLetterMarkup(
    '# Enrolment verification\n\nDear {{student.fullName}},\n\nThis letter confirms that **{{student.firstName}}** is enrolled.\n\n- SEVIS ID: {{student.sevisId}}\n- Program ends {{student.programEndDate}}',
  ),
  addressLines: ['International Office', '1 College Road, Springfield'],
  signerName: 'Jordan Lee',
  signerTitle: 'Designated School Official',
  defaultVisibility: 'office',
  ...over,
});
const save = async (as: TSession, over: Partial<lettersApi.TSaveLetterTemplateInput> = {}) =>
  call(t, 'POST', '/api/letter-templates', { as, body: template(over) });
const created = async (over: Partial<lettersApi.TSaveLetterTemplateInput> = {}) => {
  const res = await save(admin, over);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<lettersApi.TLetterTemplate>();
};
const today = async () => {
  const [row] = await t.sql<{ time_zone: string }>('select time_zone from institutions where id = $1', [t.institutionA]);
  return formatDate(todayIn(row!.time_zone));
};
const download = async (attachmentId: string) =>
  (await call(t, 'GET', `/api/attachments/${attachmentId}/download`, { as: admin })).rawPayload;

describe('letter templates', () => {
  it('are created, listed, read, updated and deleted by super users and officers', async () => {
    const tpl = await created();
    expect(tpl).toMatchObject({
      recordKind: 'student',
      signerName: 'Jordan Lee',
      isActive: true,
      signature: null,
      updatedByName: expect.any(String),
    });
    const list = await call(t, 'GET', '/api/letter-templates', { as: officer, query: { search: tpl.name, pageSize: 5 } });
    expect(list.json()).toMatchObject({ total: 1, items: [{ id: tpl.id, name: tpl.name }] });
    const upd = await call(t, 'POST', '/api/letter-templates', {
      as: officer,
      body: { ...template({ name: `${tpl.name} (2026)`, defaultVisibility: 'person' }), id: tpl.id },
    });
    expect(upd.statusCode, upd.body).toBe(200);
    expect((await call(t, 'GET', `/api/letter-templates/${tpl.id}`, { as: assistant })).json()).toMatchObject({
      name: `${tpl.name} (2026)`,
      defaultVisibility: 'person',
    });
    // Assistants write letters but not templates.
    expect((await save(assistant)).statusCode).toBe(403);
    expect((await call(t, 'DELETE', `/api/letter-templates/${tpl.id}`, { as: admin })).statusCode).toBe(200);
    expect((await call(t, 'GET', `/api/letter-templates/${tpl.id}`, { as: admin })).statusCode).toBe(404);
    const [audit] = await t.sql<{ n: number }>(
      `select count(*)::int as n from audit_events where entity_type = 'letter_template' and entity_id = $1`,
      [tpl.id],
    );
    expect(audit!.n).toBe(3);
  });

  it('refuses unknown merge tags, tags the record cannot fill, and a name already used, on their fields', async () => {
    const unknown = await save(admin, { body: lettersApi.parseLetterMarkup('Dear {{student.shoeSize}},') });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fieldErrors.body).toEqual([MERGE_TAG_UNKNOWN_MSG(['student.shoeSize'])]);
    const other = await save(admin, { body: lettersApi.parseLetterMarkup('Position: {{scholar.position}}') });
    expect(other.json().fieldErrors.body).toEqual([MERGE_TAG_NOT_APPLICABLE_MSG(['scholar.position'])]);
    const tpl = await created();
    const again = await save(admin, { name: tpl.name.toUpperCase() });
    expect(again.json().fieldErrors.name).toEqual([lettersApi.LETTER_MSG.nameTaken]);
    const empty = await save(admin, { name: '', body: [] });
    expect(empty.json().fieldErrors).toMatchObject({
      name: [lettersApi.LETTER_MSG.nameRequired],
      body: [lettersApi.LETTER_MSG.bodyRequired],
    });
  });

  it('takes a PNG or JPEG signature checked by its content, and refuses anything else on the field', async () => {
    const tpl = await created();
    const up = (name: string, data: Buffer) => {
      const m = multipart({}, { name, data });
      return call(t, 'POST', `/api/letter-templates/${tpl.id}/signature`, { as: admin, body: m.payload, headers: m.headers });
    };
    const fake = await up('signature.png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'));
    expect(fake.json().fieldErrors.file).toEqual([lettersApi.LETTER_MSG.signatureType]);
    const svg = await up('signature.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'));
    expect(svg.json().fieldErrors.file).toEqual([lettersApi.LETTER_MSG.signatureType]);
    const big = await up('signature.png', Buffer.concat([png(2, 2), Buffer.alloc(lettersApi.LETTER_SIGNATURE_MAX_BYTES)]));
    expect(big.statusCode).toBe(413);
    const ok = await up('signature.png', png(300, 60));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().signature).toMatchObject({ fileName: 'signature.png', contentType: 'image/png' });
  });
});

describe('the PDF', () => {
  it('caps every image at 532 wide and puts merge values in as text', () => {
    const wide = { data: png(1200, 300), contentType: 'image/png' };
    const doc = buildLetterDocDefinition(
      [
        {
          institutionName: 'Demo University',
          logo: wide,
          addressLines: ['Office'],
          dateText: '11/29/2026',
          blocks: lettersApi.parseLetterMarkup('Dear {{student.firstName}},'),
          values: { 'student.firstName': '<b>{{student.lastName}}</b>' },
          signature: wide,
          signerName: 'J',
          signerTitle: 'DSO',
        },
      ],
      'Letter',
    );
    const images: Array<{ fit: [number, number] }> = [];
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(walk);
      else if (node && typeof node === 'object') {
        if ('image' in node) images.push(node as unknown as { fit: [number, number] });
        Object.values(node).forEach(walk);
      }
    };
    walk(doc.content);
    expect(images).toHaveLength(2);
    for (const img of images) expect(img.fit[0]).toBe(LETTER_IMAGE_MAX_WIDTH);
    // A small image keeps its own width.
    const small = letterContent({
      institutionName: 'X',
      logo: { data: png(100, 20), contentType: 'image/png' },
      addressLines: [],
      dateText: '',
      blocks: [],
      values: {},
      signature: null,
      signerName: '',
      signerTitle: '',
    });
    expect(JSON.stringify(small)).toContain('"fit":[100,20]');
    // The value is one text node, as written: neither markup nor a tag.
    expect(JSON.stringify(doc.content)).toContain('"text":"Dear <b>{{student.lastName}}</b>,"');
  });
});

describe('generating a letter', () => {
  it('files the PDF on the record with the chosen visibility and writes the History Log', async () => {
    const tpl = await created();
    const sig = multipart({}, { name: 'sig.png', data: png(1400, 120) });
    expect(
      (await call(t, 'POST', `/api/letter-templates/${tpl.id}/signature`, { as: admin, body: sig.payload, headers: sig.headers }))
        .statusCode,
    ).toBe(200);
    const s = await buildStudent(t, { firstName: 'Łukasz', middleName: '<b>{{x}}</b>', lastName: 'Žáček Nguyễn' });
    const res = await call(t, 'POST', `/api/letter-templates/${tpl.id}/generate`, {
      as: officer,
      body: { recordId: s.id, visibility: 'person' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const letter = res.json<lettersApi.TGeneratedLetter>();
    expect(letter).toMatchObject({ visibility: 'person', fileName: expect.stringMatching(/\.pdf$/) });
    const [row] = await t.sql<{ profile_id: string; is_visible_to_requester: boolean; content_type: string; description: string }>(
      'select profile_id, is_visible_to_requester, content_type, description from attachments where id = $1',
      [letter.attachmentId],
    );
    expect(row).toMatchObject({
      profile_id: s.id,
      is_visible_to_requester: true,
      content_type: 'application/pdf',
      description: `Letter: ${tpl.name}`,
    });
    const docs = await call(t, 'GET', `/api/students/${s.id}/documents`, { as: officer });
    expect(docs.json<Array<{ id: string }>>().map((d) => d.id)).toContain(letter.attachmentId);
    const history = await call(t, 'GET', `/api/students/${s.id}/history`, { as: admin });
    expect(JSON.stringify(history.json())).toContain('letter.generated');
    const text = pdfText(await download(letter.attachmentId));
    expect(text).toContain('Łukasz <b>{{x}}</b> Žáček Nguyễn');
    expect(text).toContain('Dear Łukasz');
    expect(text).toContain(await today());
    expect(text).toContain(s.sevisId!);
    expect(text).toContain('Jordan Lee');
    // Office only, when asked.
    const office = await call(t, 'POST', `/api/letter-templates/${tpl.id}/generate`, {
      as: officer,
      body: { recordId: s.id, visibility: 'office' },
    });
    const [o] = await t.sql<{ v: boolean }>('select is_visible_to_requester as v from attachments where id = $1', [
      office.json().attachmentId,
    ]);
    expect(o!.v).toBe(false);
  });

  it('previews the PDF without filing anything', async () => {
    const tpl = await created();
    const s = await buildStudent(t, { firstName: 'Ana' });
    const before = await t.sql<{ n: number }>('select count(*)::int as n from attachments where profile_id = $1', [s.id]);
    const res = await call(t, 'POST', `/api/letter-templates/${tpl.id}/merged`, { as: assistant, body: { recordId: s.id } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(pdfText(res.rawPayload)).toContain('Dear Ana');
    const after = await t.sql<{ n: number }>('select count(*)::int as n from attachments where profile_id = $1', [s.id]);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('does not find a record of another campus site or institution, and refuses a record of another kind or a turned-off template', async () => {
    const tpl = await created();
    const med = await buildStudent(t, { site: 'MED' });
    const gen = (as: TSession, recordId: string, id = tpl.id, host?: string) =>
      call(t, 'POST', `/api/letter-templates/${id}/generate`, { as, host, body: { recordId, visibility: 'office' } });
    expect((await gen(officer, med.id)).statusCode).toBe(404);
    expect((await call(t, 'POST', `/api/letter-templates/${tpl.id}/merged`, { as: officer, body: { recordId: med.id } })).statusCode).toBe(
      404,
    );
    const foreign = await buildStudent(t, { institutionId: t.institutionB, site: null });
    expect((await gen(admin, foreign.id)).statusCode).toBe(404);
    // Institution B's super user does not find A's template.
    const adminB = await t.login('admin', { host: HOST_B });
    expect((await gen(adminB, foreign.id, tpl.id, HOST_B)).statusCode).toBe(404);
    // A student template fits a J-1 record; an exchange visitor template refuses an F-1 one, on the record.
    const j1 = await buildStudent(t, { visaType: 'J-1', evCategoryCode: '1B' });
    expect((await gen(admin, j1.id)).statusCode).toBe(200);
    const evTpl = await created({ recordKind: 'exchangeVisitor', name: 'DS-2019 cover letter' });
    const wrong = await gen(admin, (await buildStudent(t)).id, evTpl.id);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fieldErrors.recordId[0]).toMatch(/exchange visitor \(J-1\) records/);
    const mixed = await call(t, 'POST', `/api/letter-templates/${evTpl.id}/generate-batch`, {
      as: admin,
      body: { recordIds: [j1.id, (await buildStudent(t)).id], visibility: 'office' },
      follow: false,
    });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().fieldErrors.recordIds[0]).toBe(
      'This template is for exchange visitor (J-1) records; 1 of the chosen records are not. Choose only exchange visitor (J-1) records.',
    );
    const off = await created({ isActive: false });
    const s = await buildStudent(t);
    expect((await gen(admin, s.id, off.id)).json().fieldErrors.templateId).toEqual([lettersApi.LETTER_MSG.inactive]);
    expect(
      (await call(t, 'GET', '/api/letter-templates', { as: admin, query: { activeOnly: 'true', search: off.name } })).json().total,
    ).toBe(0);
  });
});

describe('letters for a list selection', () => {
  it('files one letter per record and answers one combined PDF', async () => {
    const tpl = await created();
    const students = await Promise.all(['Zoë', 'Chloé', 'Søren'].map((firstName) => buildStudent(t, { firstName })));
    const res = await call(t, 'POST', `/api/letter-templates/${tpl.id}/generate-batch`, {
      as: officer,
      body: { recordIds: students.map((s) => s.id), visibility: 'office' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/pdf/);
    const { PDFDocument } = await import('pdf-lib');
    expect((await PDFDocument.load(res.rawPayload)).getPageCount()).toBeGreaterThanOrEqual(3);
    const text = pdfText(res.rawPayload);
    for (const name of ['Zoë', 'Chloé', 'Søren']) expect(text).toContain(`Dear ${name}`);
    const rows = await t.sql<{ profile_id: string }>(
      `select profile_id from attachments where profile_id = any($1::uuid[]) and description = $2`,
      [students.map((s) => s.id), `Letter: ${tpl.name}`],
    );
    expect(rows.map((r) => r.profile_id).sort()).toEqual(students.map((s) => s.id).sort());
    const [issued] = await t.sql<{ n: number }>('select count(*)::int as n from letters_issued where template_id = $1', [tpl.id]);
    expect(issued!.n).toBe(3);
  });

  it('refuses more than 500 records, and records of another site, before starting', async () => {
    const tpl = await created();
    const many = Array.from({ length: lettersApi.LETTER_BATCH_MAX + 1 }, () => crypto.randomUUID());
    const tooMany = await call(t, 'POST', `/api/letter-templates/${tpl.id}/generate-batch`, {
      as: admin,
      body: { recordIds: many, visibility: 'office' },
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().fieldErrors.recordIds).toEqual([lettersApi.LETTER_MSG.batchTooMany]);
    const med = await buildStudent(t, { site: 'MED' });
    const main = await buildStudent(t);
    const res = await call(t, 'POST', `/api/letter-templates/${tpl.id}/generate-batch`, {
      as: officer,
      body: { recordIds: [main.id, med.id], visibility: 'office' },
      follow: false,
    });
    expect(res.statusCode).toBe(404);
    const [none] = await t.sql<{ n: number }>('select count(*)::int as n from letters_issued where template_id = $1', [tpl.id]);
    expect(none!.n).toBe(0);
  });
});
