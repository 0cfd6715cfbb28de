import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { ATTACHMENT_MSG, type jobsApi, type TAttachment, type TSession } from '@meridian/domain';
import { missingRequiredDocuments } from '../src/modules/attachments/index.js';
import { setVirusScanner } from '../src/platform/files/virus-scan.js';
import { createTestApp, HOST_B, type TTestApp } from './app.js';
import { call, jobEnd, userIds } from './http.js';
import { EXE, JPEG, PDF, PNG, upload, uploadOk } from './fixtures/case-fixtures.js';
import {
  buildCustomDocument,
  buildDependent,
  buildQuestionnaire,
  buildRequest,
  buildRequestType,
  buildStudent,
  studentOf,
} from './factories/index.js';
import { auditActionsOf } from './readers.js';

let t: TTestApp;
let dataDir: string;
const s = {} as Record<'admin' | 'officer' | 'assistant' | 'dept' | 'scholar' | 'student', TSession>;
let ids: Record<string, string>;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-files-'));
  t = await createTestApp({ dataDir });
  for (const u of ['admin', 'officer', 'assistant', 'dept', 'scholar', 'student'] as const) s[u] = await t.login(u);
  ids = await userIds(t, t.institutionA);
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const list = async (as: TSession, requestId: string) => {
  const res = await call(t, 'GET', `/api/requests/${requestId}/attachments`, { as });
  expect(res.statusCode).toBe(200);
  return res.json<TAttachment[]>();
};

describe('upload limits', () => {
  it('stores a PDF with its sha256 under a server-generated key outside the name', async () => {
    const requestId = (await buildRequest(t)).id;
    const a = await uploadOk(t, s.student, { requestId, categoryId: 'passport', description: 'My passport' });
    expect(a).toMatchObject({
      fileName: 'passport.pdf',
      contentType: 'application/pdf',
      sizeBytes: PDF.length,
      status: 'active',
      isVisibleToRequester: true,
      categoryId: 'passport',
    });
    const [row] = await t.sql<{ storage_key: string; sha256: string }>('select storage_key, sha256 from attachments where id = $1', [a.id]);
    expect(row!.storage_key).toMatch(/^[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f-]{36}$/);
    expect(row!.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(fs.readFileSync(path.join(dataDir, 'files', row!.storage_key))).toEqual(PDF);
    expect(await auditActionsOf(t, a.id)).toContain('attachment.uploaded');
  });

  it('refuses a .pdf that is really a PNG, and an exe renamed .pdf', async () => {
    const requestId = (await buildRequest(t)).id;
    for (const file of [
      { name: 'scan.pdf', data: PNG },
      { name: 'setup.pdf', data: EXE },
      { name: 'tool.exe', data: EXE },
    ]) {
      const res = await upload(t, s.student, { requestId }, file);
      expect(res.statusCode, file.name).toBe(400);
      expect(res.json().fieldErrors.file).toEqual([ATTACHMENT_MSG.typeNotAllowed]);
    }
    expect(await list(s.student, requestId)).toEqual([]);
  });

  it('accepts 10 MB and refuses 10 MB + 1 byte with a clear 413', async () => {
    const requestId = (await buildRequest(t)).id;
    const big = Buffer.alloc(10 * 1024 * 1024, 0x61);
    expect((await upload(t, s.student, { requestId }, { name: 'exactly.txt', data: big })).statusCode).toBe(200);
    const res = await upload(t, s.student, { requestId }, { name: 'over.txt', data: Buffer.concat([big, Buffer.from('a')]) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'TOO_LARGE', message: ATTACHMENT_MSG.tooLarge });
  });

  it('refuses an empty file, a missing file and a missing target', async () => {
    const requestId = (await buildRequest(t)).id;
    expect((await upload(t, s.student, { requestId }, { name: 'e.txt', data: Buffer.alloc(0) })).json().fieldErrors.file).toEqual([
      ATTACHMENT_MSG.empty,
    ]);
    expect((await upload(t, s.student, { requestId })).json().fieldErrors.file).toEqual([ATTACHMENT_MSG.fileRequired]);
    expect((await upload(t, s.student, {}, { name: 'a.pdf', data: PDF })).statusCode).toBe(400);
  });

  it('sanitises file names: no folders, no control characters, at most 200 characters', async () => {
    const requestId = (await buildRequest(t)).id;
    const a = await uploadOk(t, s.student, { requestId }, { name: '..\\..\\etc/pass\u0001wd.pdf', data: PDF });
    expect(a.fileName).toBe('passwd.pdf');
    const long = await uploadOk(t, s.student, { requestId }, { name: `${'x'.repeat(300)}.pdf`, data: PDF });
    expect(long.fileName).toHaveLength(200);
    expect(long.fileName.endsWith('.pdf')).toBe(true);
  });

  it('refuses what the virus scanner finds, and stores nothing', async () => {
    const requestId = (await buildRequest(t)).id;
    setVirusScanner({ scan: () => Promise.resolve({ isClean: false, signature: 'Eicar-Test-Signature' }) });
    try {
      const res = await upload(t, s.student, { requestId }, { name: 'eicar.txt', data: Buffer.from('X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR') });
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors.file).toEqual([ATTACHMENT_MSG.infected]);
    } finally {
      setVirusScanner(null);
    }
    expect(await list(s.admin, requestId)).toEqual([]);
  });

  it('lets the requester upload only while the request is editable', async () => {
    const requestId = (await buildRequest(t, { status: 'submitted' })).id;
    expect((await upload(t, s.student, { requestId }, { name: 'a.pdf', data: PDF })).statusCode).toBe(403);
    expect((await upload(t, s.officer, { requestId }, { name: 'a.pdf', data: PDF })).statusCode).toBe(200);
  });
});

describe('downloadAttachment', () => {
  it('answers the stored bytes as an attachment with an encoded name and nosniff', async () => {
    const requestId = (await buildRequest(t)).id;
    const a = await uploadOk(t, s.student, { requestId }, { name: 'Résumé (final) 100%.pdf', data: PDF });
    const res = await call(t, 'GET', `/api/attachments/${a.id}/download`, { as: s.student });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload).toEqual(PDF);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="R_sum_ (final) 100%.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%28final%29%20100%25.pdf`,
    );
  });
});

describe('a stored file gone missing', () => {
  it('answers 410 with a plain message instead of failing', async () => {
    const requestId = (await buildRequest(t)).id;
    const a = await uploadOk(t, s.student, { requestId });
    const [row] = await t.sql<{ storage_key: string }>('select storage_key from attachments where id = $1', [a.id]);
    fs.rmSync(path.join(dataDir, 'files', row!.storage_key));
    const res = await call(t, 'GET', `/api/attachments/${a.id}/download`, { as: s.student });
    expect(res.statusCode).toBe(410);
    expect(res.json().code).toBe('FILE_MISSING');
    expect((await call(t, 'POST', '/api/attachments/combined-pdf', { as: s.officer, body: { attachmentIds: [a.id] } })).statusCode).toBe(
      410,
    );
  });
});

describe('visibility', () => {
  it('shows the requester only their visible, active files; the department only its own; staff everything', async () => {
    const requestId = (await buildRequest(t, { department: 'PHYS' })).id;
    const mine = await uploadOk(t, s.student, { requestId });
    const staffOnly = await uploadOk(t, s.officer, { requestId }, { name: 'notes.txt', data: Buffer.from('internal') });
    const forDept = await uploadOk(t, s.officer, { requestId, isVisibleToDepartment: '1' }, { name: 'offer.pdf', data: PDF });
    const forAll = await uploadOk(
      t,
      s.officer,
      { requestId, isVisibleToRequester: '1', isVisibleToDepartment: '1' },
      { name: 'i20.pdf', data: PDF },
    );
    expect(staffOnly.isVisibleToRequester).toBe(false);

    expect((await list(s.student, requestId)).map((a) => a.id).sort()).toEqual([mine.id, forAll.id].sort());
    expect((await list(s.dept, requestId)).map((a) => a.id).sort()).toEqual([forDept.id, forAll.id].sort());
    expect((await list(s.officer, requestId)).map((a) => a.id).sort()).toEqual([mine.id, staffOnly.id, forDept.id, forAll.id].sort());
    // What a list hides cannot be opened by id either.
    for (const [as, hidden] of [
      [s.student, staffOnly],
      [s.student, forDept],
      [s.dept, mine],
      [s.dept, staffOnly],
    ] as const) {
      expect((await call(t, 'GET', `/api/attachments/${hidden.id}`, { as })).statusCode).toBe(404);
      expect((await call(t, 'GET', `/api/attachments/${hidden.id}/download`, { as })).statusCode).toBe(404);
    }

    // Staff turn visibility on: the student sees it.
    const res = await call(t, 'PUT', `/api/attachments/${staffOnly.id}/visibility`, {
      as: s.officer,
      body: { isVisibleToRequester: true, isVisibleToDepartment: false },
    });
    expect(res.statusCode).toBe(200);
    expect((await list(s.student, requestId)).map((a) => a.id)).toContain(staffOnly.id);
    // A requester cannot choose visibility: their flags are ignored.
    const sneaky = await uploadOk(t, s.student, { requestId, isVisibleToRequester: '0', isVisibleToDepartment: '1' });
    expect(sneaky).toMatchObject({ isVisibleToRequester: true, isVisibleToDepartment: false });
  });

  it("keeps another student's file and another institution's file out of reach (404)", async () => {
    const requestId = (await buildRequest(t)).id;
    const a = await uploadOk(t, s.student, { requestId });
    const other = (await buildRequest(t, { requester: 'scholar', site: null })).id;
    const theirs = await uploadOk(t, s.scholar, { requestId: other });
    expect((await call(t, 'GET', `/api/attachments/${theirs.id}/download`, { as: s.student })).statusCode).toBe(404);
    expect((await call(t, 'GET', `/api/attachments/${a.id}/download`, { as: s.scholar })).statusCode).toBe(404);
    const adminB = await t.login('admin', { host: HOST_B });
    expect((await call(t, 'GET', `/api/attachments/${a.id}/download`, { as: adminB, host: HOST_B })).statusCode).toBe(404);
    expect((await call(t, 'GET', `/api/requests/${requestId}/attachments`, { as: adminB, host: HOST_B })).statusCode).toBe(404);
    expect((await upload(t, adminB, { requestId }, { name: 'x.pdf', data: PDF }, HOST_B)).statusCode).toBe(404);
  });

  it("files on a person's record are for office staff who reach them", async () => {
    const a = await uploadOk(t, s.officer, { subjectUserId: ids.student! }, { name: 'i94.png', data: PNG });
    expect(a.contentType).toBe('image/png');
    const res = await call(t, 'GET', `/api/users/${ids.student}/attachments`, { as: s.admin });
    expect(res.json<TAttachment[]>().map((x) => x.id)).toContain(a.id);
    expect((await upload(t, s.student, { subjectUserId: ids.student! }, { name: 'a.pdf', data: PDF })).statusCode).toBe(403);
  });

  it("a person's record is a student's or a scholar's of the institution: staff, department users, advisors and strangers have none", async () => {
    const adminOfB = (await userIds(t, t.institutionB)).admin!;
    for (const subjectUserId of [ids.officer!, ids.assistant!, ids.dept!, ids.advisor!, adminOfB]) {
      const res = await upload(t, s.admin, { subjectUserId }, { name: 'note.pdf', data: PDF });
      expect(res.statusCode, subjectUserId).toBe(404);
      expect((await call(t, 'GET', `/api/users/${subjectUserId}/attachments`, { as: s.admin })).statusCode).toBe(404);
    }
    expect(
      await t.sql('select 1 from attachments where subject_user_id = any($1)', [
        [ids.officer, ids.assistant, ids.dept, ids.advisor, adminOfB],
      ]),
    ).toEqual([]);
    // A scholar's record and a student's are the office's to file on.
    expect((await upload(t, s.admin, { subjectUserId: ids.scholar! }, { name: 'ds2019.pdf', data: PDF })).statusCode).toBe(200);
    expect((await upload(t, s.admin, { subjectUserId: ids.student! }, { name: 'i20.pdf', data: PDF })).statusCode).toBe(200);
  });
});

describe('staff actions', () => {
  it('rejects with a reason and tells the uploader', async () => {
    const requestId = (await buildRequest(t)).id;
    const a = await uploadOk(t, s.student, { requestId });
    const res = await call(t, 'POST', `/api/attachments/${a.id}/reject`, { as: s.officer, body: { reason: 'The scan is blurred' } });
    expect(res.json()).toMatchObject({ status: 'rejected', rejectReason: 'The scan is blurred' });
    const bell = (await call(t, 'GET', '/api/notifications', { as: s.student })).json();
    expect(bell.items[0]).toMatchObject({
      typeName: 'attachment.rejected',
      requestId,
      text: 'Your document "passport.pdf" was rejected: The scan is blurred',
    });
    expect((await call(t, 'POST', `/api/attachments/${a.id}/reject`, { as: s.officer, body: { reason: 'again' } })).statusCode).toBe(400);
    expect((await call(t, 'POST', `/api/attachments/${a.id}/reject`, { as: s.officer, body: { reason: ' ' } })).statusCode).toBe(400);
    // The requester still sees a file visible to them once rejected, with the status and reason; staff too.
    expect(await list(s.student, requestId)).toMatchObject([{ id: a.id, status: 'rejected', rejectReason: 'The scan is blurred' }]);
    expect((await list(s.officer, requestId))[0]).toMatchObject({ status: 'rejected', rejectReason: 'The scan is blurred' });
    // A deleted file is never listed for the requester.
    expect((await call(t, 'DELETE', `/api/attachments/${a.id}`, { as: s.officer })).statusCode).toBe(200);
    expect(await list(s.student, requestId)).toEqual([]);
  });

  it('changes the category and links a file to another request sharing the stored file', async () => {
    const requestId = (await buildRequest(t)).id;
    const target = (await buildRequest(t)).id;
    const a = await uploadOk(t, s.student, { requestId, categoryId: 'passport' });
    expect(
      (await call(t, 'PUT', `/api/attachments/${a.id}/category`, { as: s.officer, body: { categoryId: 'visa' } })).json().categoryId,
    ).toBe('visa');
    const res = await call(t, 'POST', `/api/attachments/${a.id}/link`, { as: s.officer, body: { requestId: target } });
    expect(res.statusCode).toBe(200);
    const linked = res.json<TAttachment>();
    expect(linked).toMatchObject({ requestId: target, linkedFromId: a.id, fileName: 'passport.pdf' });
    const keys = await t.sql<{ storage_key: string }>('select storage_key from attachments where id = any($1::uuid[])', [
      [a.id, linked.id],
    ]);
    expect(new Set(keys.map((k) => k.storage_key)).size).toBe(1);
    expect((await call(t, 'GET', `/api/attachments/${linked.id}/download`, { as: s.student })).rawPayload).toEqual(PDF);
    expect((await call(t, 'POST', `/api/attachments/${a.id}/link`, { as: s.officer, body: { requestId } })).statusCode).toBe(400);
  });

  it('lets the uploader delete while the request is editable, and staff always', async () => {
    const requestId = (await buildRequest(t)).id;
    const a = await uploadOk(t, s.student, { requestId });
    const b = await uploadOk(t, s.student, { requestId });
    expect(a.canDelete).toBe(true);
    expect((await call(t, 'DELETE', `/api/attachments/${a.id}`, { as: s.student })).statusCode).toBe(200);
    expect((await call(t, 'POST', `/api/requests/${requestId}/submit`, { as: s.student })).statusCode).toBe(200);
    expect((await call(t, 'DELETE', `/api/attachments/${b.id}`, { as: s.student })).statusCode).toBe(403);
    expect((await call(t, 'DELETE', `/api/attachments/${b.id}`, { as: s.officer })).statusCode).toBe(200);
    expect(await list(s.officer, requestId)).toEqual([]);
    const [row] = await t.sql('select status from attachments where id = $1', [a.id]);
    expect(row!.status).toBe('deleted');
  });

  it('combines PDFs and images into one PDF and refuses other types', async () => {
    const requestId = (await buildRequest(t)).id;
    const twoPages = await PDFDocument.create();
    twoPages.addPage();
    twoPages.addPage();
    const p = await uploadOk(t, s.student, { requestId }, { name: 'two.pdf', data: Buffer.from(await twoPages.save()) });
    const one = await uploadOk(t, s.student, { requestId }, { name: 'one.pdf', data: PDF });
    const img = await uploadOk(t, s.student, { requestId }, { name: 'photo.png', data: PNG });
    const jpg = await uploadOk(t, s.student, { requestId }, { name: 'photo.jpeg', data: JPEG });
    expect(jpg.contentType).toBe('image/jpeg');
    const txt = await uploadOk(t, s.student, { requestId }, { name: 'notes.txt', data: Buffer.from('hello') });
    const res = await call(t, 'POST', '/api/attachments/combined-pdf', {
      as: s.officer,
      body: { attachmentIds: [p.id, img.id, one.id, jpg.id] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const doc = await PDFDocument.load(res.rawPayload);
    expect(doc.getPageCount()).toBe(5);
    // Images keep their size when small; pages are US Letter.
    expect(doc.getPage(2).getSize()).toEqual({ width: 612, height: 792 });
    const refused = await call(t, 'POST', '/api/attachments/combined-pdf', { as: s.officer, body: { attachmentIds: [p.id, txt.id] } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('notes.txt');
  });

  it('combines as a job: 202 with the job, one step per document up to the total, the PDF for its requester alone', async () => {
    const requestId = (await buildRequest(t)).id;
    const files = [
      await uploadOk(t, s.student, { requestId }, { name: 'a.pdf', data: PDF }),
      await uploadOk(t, s.student, { requestId }, { name: 'b.png', data: PNG }),
      await uploadOk(t, s.student, { requestId }, { name: 'c.jpeg', data: JPEG }),
    ];
    const started = await call(t, 'POST', '/api/attachments/combined-pdf', {
      as: s.officer,
      body: { attachmentIds: files.map((f) => f.id) },
      follow: false,
    });
    expect(started.statusCode, started.body).toBe(202);
    const job = started.json<jobsApi.TJob>();
    expect(started.headers.location).toBe(`/api/jobs/${job.id}`);
    expect(job).toMatchObject({ kind: 'attachments.combined-pdf', status: 'queued' });
    const end = await jobEnd(t, job.id, s.officer);
    expect(end).toMatchObject({
      status: 'completed',
      done: 3,
      total: 3,
      result: { documents: 3, pages: 3 },
      fileName: 'combined-documents.pdf',
      error: null,
    });
    const file = await call(t, 'GET', `/api/jobs/${job.id}/file`, { as: s.officer });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect((await PDFDocument.load(file.rawPayload)).getPageCount()).toBe(3);
    // Another member of the office, who may combine these files too, is told neither job nor file exists.
    expect((await call(t, 'GET', `/api/jobs/${job.id}/file`, { as: s.admin })).statusCode).toBe(404);
    expect((await call(t, 'GET', `/api/jobs/${job.id}`, { as: s.admin })).statusCode).toBe(404);
    // Who may combine which files is settled before any job starts.
    const refused = await call(t, 'POST', '/api/attachments/combined-pdf', {
      as: s.student,
      body: { attachmentIds: [files[0]!.id] },
      follow: false,
    });
    expect(refused.statusCode).toBe(403);
  });

  it('names a damaged PDF on the field instead of failing: a broken page tree, a file cut short', async () => {
    const requestId = (await buildRequest(t)).id;
    const good = Buffer.from(await (await PDFDocument.create()).save());
    const damaged = [
      {
        name: 'no-pages.pdf',
        data: Buffer.from('%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n'),
      },
      { name: 'cut-short.pdf', data: good.subarray(0, Math.floor(good.length / 3)) },
    ];
    for (const f of damaged) {
      const up = await upload(t, s.student, { requestId }, f);
      // Uploading may already refuse it (never with a 500); if it is stored, combining names it.
      expect(up.statusCode, f.name).toBeLessThan(500);
      if (up.statusCode !== 200) continue;
      const res = await call(t, 'POST', '/api/attachments/combined-pdf', {
        as: s.officer,
        body: { attachmentIds: [up.json<{ id: string }>().id] },
      });
      expect(res.statusCode, f.name).toBe(400);
      expect(res.json().fieldErrors.attachmentIds[0]).toBe(`The file "${f.name}" could not be read as a PDF.`);
    }
  });
});

describe('getDocumentChecklist', () => {
  it("lists the request type's upload documents the caller may see, with whether each has a file", async () => {
    const mk = async (
      name: string,
      ordinal: number,
      extra: {
        isRequired?: boolean | undefined;
        isHidden?: boolean | undefined;
        isVisibleToStudent?: boolean | undefined;
        type?: string | undefined;
      } = {},
    ) => {
      const type = extra.type ?? 'file_upload';
      const doc = await buildCustomDocument(t, {
        name,
        instructions: `About ${name}`,
        documentType: type,
        ...(type === 'questionnaire' ? { questionnaireId: (await buildQuestionnaire(t)).id } : {}),
        isRequired: extra.isRequired ?? true,
        isHidden: extra.isHidden ?? false,
        isVisibleToStudent: extra.isVisibleToStudent ?? true,
        ordinal,
      });
      return doc.id;
    };
    const passport = await mk('Passport', 1);
    const photo = await mk('Photo', 2, { isRequired: false });
    const office = await mk('Office only', 3, { isVisibleToStudent: false });
    const hidden = await mk('Hidden', 4, { isHidden: true });
    const form = await mk('Form', 5, { type: 'questionnaire' });
    const type = await buildRequestType(t, { name: 'Checklist case', documentIds: [photo, passport, office, hidden, form] });
    const requestId = (await buildRequest(t, { requestTypeId: type.id })).id;
    await uploadOk(t, s.student, { requestId, customDocumentId: passport });
    const get = async (as: TSession) =>
      (await call(t, 'GET', `/api/requests/${requestId}/document-checklist`, { as })).json<
        {
          name: string;
          isRequired: boolean;
          hasFile: boolean;
          instructions: string;
        }[]
      >();
    expect(await get(s.student)).toEqual([
      {
        documentId: passport,
        name: 'Passport',
        instructions: 'About Passport',
        isRequired: true,
        hasFile: true,
        dependentId: null,
        soaId: null,
        forWhom: '',
      },
      {
        documentId: photo,
        name: 'Photo',
        instructions: 'About Photo',
        isRequired: false,
        hasFile: false,
        dependentId: null,
        soaId: null,
        forWhom: '',
      },
    ]);
    expect((await get(s.officer)).map((d) => d.name)).toEqual(['Passport', 'Photo', 'Office only']);
    expect((await call(t, 'GET', `/api/requests/${requestId}/document-checklist`, { as: s.scholar })).statusCode).toBe(404);
  });
});

describe('missingRequiredDocuments', () => {
  it('lists required visible upload documents without an active file on the request', async () => {
    const requestId = (await buildRequest(t)).id;
    const mk = async (name: string, extra: Parameters<typeof buildCustomDocument>[1] = {}) =>
      (await buildCustomDocument(t, { name, isRequired: true, isHidden: false, isVisibleToStudent: true, ...extra })).id;
    const passport = await mk('Passport');
    const i20 = await mk('I-20');
    const optional = await mk('Photo', { isRequired: false });
    const hidden = await mk('Hidden', { isHidden: true });
    const form = await mk('Form', { documentType: 'questionnaire', questionnaireId: (await buildQuestionnaire(t)).id });
    const all = [passport, i20, optional, hidden, form];
    const check = () => t.database.tenant(t.institutionA, (tx) => missingRequiredDocuments(tx, requestId, all));
    expect((await check()).map((d) => d.name).sort()).toEqual(['I-20', 'Passport']);
    const a = await uploadOk(t, s.student, { requestId, customDocumentId: passport });
    expect(await check()).toEqual([{ documentId: i20, name: 'I-20', key: i20 }]);
    await call(t, 'POST', `/api/attachments/${a.id}/reject`, { as: s.officer, body: { reason: 'expired' } });
    expect((await check()).map((d) => d.name).sort()).toEqual(['I-20', 'Passport']);
  });
});

describe('documents per dependent: a file for each dependent', () => {
  it("needs one file for each active dependent of the student's record, named on the slot, and refuses another record's dependent", async () => {
    const p = await studentOf(t);
    const deps = await t.sql<{ id: string; name: string }>(
      `select id, first_name || ' ' || last_name as name from student_dependents where profile_id = $1 and status = 'Active' order by created_at`,
      [p.id],
    );
    expect(deps.length).toBeGreaterThan(0);
    const doc = await buildCustomDocument(t, { name: 'Dependent passport', appliesTo: 'dependent', isRequired: true });
    const type = await buildRequestType(t, { name: 'Dependent documents', documentIds: [doc.id] });
    // The demo student's draft: a student's request is about their record.
    const requestId = (await buildRequest(t, { requestTypeId: type.id })).id;
    const check = () => t.database.tenant(t.institutionA, (tx) => missingRequiredDocuments(tx, requestId, [doc.id]));
    expect((await check()).map((d) => d.name)).toEqual(deps.map((d) => `Dependent passport for ${d.name}`));
    // A file for the main record does not count for a dependent.
    await uploadOk(t, s.student, { requestId, customDocumentId: doc.id });
    expect(await check()).toHaveLength(deps.length);
    // Someone else's dependent is refused on the field.
    const other = await buildDependent(t, await buildStudent(t));
    const refused = await upload(
      t,
      s.student,
      { requestId, customDocumentId: doc.id, dependentId: other.id },
      { name: 'passport.pdf', data: PDF },
    );
    expect(refused.json().fieldErrors?.dependentId, refused.body).toEqual(['Choose one of the dependents on this record.']);
    for (const d of deps) await uploadOk(t, s.student, { requestId, customDocumentId: doc.id, dependentId: d.id });
    expect(await check()).toEqual([]);
    // The checklist shows one slot per dependent, each with its file.
    const list = (await call(t, 'GET', `/api/requests/${requestId}/document-checklist`, { as: s.student })).json<
      {
        forWhom: string;
        hasFile: boolean;
        dependentId: string | null;
      }[]
    >();
    expect(list.filter((x) => x.dependentId).map((x) => [x.forWhom, x.hasFile])).toEqual(deps.map((d) => [d.name, true]));
  });
});

describe('getHistory: the History Log of a request with files and comments', () => {
  type TPage = {
    items: {
      action: string;
      entityType: string;
      entityId: string;
      before: Record<string, unknown> | null;
      after: Record<string, unknown> | null;
    }[];
    total: number;
  };
  const history = async (as: TSession, requestId: string, query: Record<string, string> = {}) => {
    const res = await call(t, 'GET', `/api/audit/request/${requestId}`, { as, query });
    expect(res.statusCode).toBe(200);
    return res.json<TPage>();
  };
  const comment = (as: TSession, subjectId: string, body: string, isInternal: boolean) =>
    call(t, 'POST', '/api/comments', { as, body: { subjectType: 'request', subjectId, body, isInternal } });

  it('shows staff every file and note, the requester and department only what they may see, with totals to match', async () => {
    const requestId = (await buildRequest(t, { department: 'PHYS' })).id;
    const mine = await uploadOk(t, s.student, { requestId });
    expect(
      (await call(t, 'POST', `/api/attachments/${mine.id}/reject`, { as: s.officer, body: { reason: 'The scan is blurred' } })).statusCode,
    ).toBe(200);
    const staffOnly = await uploadOk(t, s.officer, { requestId }, { name: 'notes.txt', data: Buffer.from('internal') });
    const forDept = await uploadOk(t, s.officer, { requestId, isVisibleToDepartment: '1' }, { name: 'offer.pdf', data: PDF });
    const note = (await comment(s.officer, requestId, 'Secret: check the sponsor', true)).json();
    const pub = (await comment(s.student, requestId, 'Here is my passport', false)).json();

    const admin = await history(s.admin, requestId);
    const pairs = (p: TPage) => p.items.map((e) => `${e.action}:${e.entityId}`);
    expect(pairs(admin)).toEqual(
      expect.arrayContaining([
        `attachment.uploaded:${mine.id}`,
        `attachment.rejected:${mine.id}`,
        `attachment.uploaded:${staffOnly.id}`,
        `attachment.uploaded:${forDept.id}`,
        `comment.created:${note.id}`,
        `comment.created:${pub.id}`,
      ]),
    );
    expect(admin.total).toBe(admin.items.length);
    expect(admin.items[0]).toMatchObject({ action: 'comment.created', entityId: pub.id });

    const student = await history(s.student, requestId);
    expect(pairs(student)).toEqual(
      expect.arrayContaining([`attachment.uploaded:${mine.id}`, `attachment.rejected:${mine.id}`, `comment.created:${pub.id}`]),
    );
    for (const hidden of [staffOnly.id, forDept.id, note.id]) expect(student.items.some((e) => e.entityId === hidden)).toBe(false);
    expect(student.total).toBe(student.items.length);
    expect(student.total).toBe(admin.total - 3);
    // Only what a requester may read of a file event: no storage hash, no ids of categories or links.
    const rejected = student.items.find((e) => e.action === 'attachment.rejected')!;
    expect(rejected.after).toEqual(
      expect.objectContaining({ fileName: 'passport.pdf', status: 'rejected', rejectReason: 'The scan is blurred' }),
    );
    expect(rejected.after).not.toHaveProperty('sha256');
    expect(JSON.stringify(student)).not.toContain('Secret');

    const dept = await history(s.dept, requestId);
    expect(pairs(dept)).toEqual(expect.arrayContaining([`attachment.uploaded:${forDept.id}`, `comment.created:${pub.id}`]));
    for (const hidden of [staffOnly.id, mine.id, note.id]) expect(dept.items.some((e) => e.entityId === hidden)).toBe(false);
    expect(dept.total).toBe(dept.items.length);

    // Paging counts only what the viewer may see.
    const page2 = await history(s.student, requestId, { page: '2', pageSize: '2' });
    expect(page2.total).toBe(student.total);
    expect(page2.items.map((e) => e.entityId)).toEqual(student.items.slice(2, 4).map((e) => e.entityId));

    // Visibility is read at the time of reading: staff show the staff-only file to the requester.
    await call(t, 'PUT', `/api/attachments/${staffOnly.id}/visibility`, {
      as: s.officer,
      body: { isVisibleToRequester: true, isVisibleToDepartment: false },
    });
    const after = await history(s.student, requestId);
    expect(pairs(after)).toEqual(
      expect.arrayContaining([`attachment.uploaded:${staffOnly.id}`, `attachment.visibility.updated:${staffOnly.id}`]),
    );
  });
});
