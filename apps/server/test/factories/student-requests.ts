import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import type { sevisApi, TRequestDetail, TSession } from '@meridian/domain';
import type { TTestApp } from '../app.js';
import { call, mailsTo } from '../http.js';
import { requestTypeIdOf } from './requests.js';
import { userIdOf } from './people.js';

/*
 * A student request through the API, as the student and the office do it: start, save the form, submit, the
 * faculty advisor's recommendation where the type's workflow asks it, approve; and the SEVIS batch an approval's
 * update goes into. Shared by the request tests (students-requests, sevis-screen-events, student-request-catalogue).
 */

/** Starts a draft naming the demo faculty advisor (CPT's and RCL's workflows ask for one on submit; others keep it unused). */
export async function startStudentRequest(t: TTestApp, code: string, as: TSession, o: { host?: string } = {}): Promise<TRequestDetail> {
  const res = await call(t, 'POST', '/api/requests', {
    as,
    host: o.host,
    body: { requestTypeId: await requestTypeIdOf(t, code), advisorUserId: await userIdOf(t, 'advisor') },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TRequestDetail>();
}

/** Saves a request's form (PUT /api/requests/:id/data): the answer as it came. */
export const saveRequestData = (t: TTestApp, id: string, data: Record<string, unknown>, as: TSession) =>
  call(t, 'PUT', `/api/requests/${id}/data`, { as, body: { data } });

/** Submits a request as its requester: the answer as it came. */
export const submitRequest = (t: TTestApp, id: string, as: TSession) => call(t, 'POST', `/api/requests/${id}/submit`, { as });

/** The office approves a request: the answer as it came. */
export const approveRequest = (t: TTestApp, id: string, as: TSession) =>
  call(t, 'POST', `/api/requests/${id}/transition`, { as, body: { action: 'approve' } });

/** A request as one user reads it. */
export const requestAs = async (t: TTestApp, id: string, as: TSession) =>
  (await call(t, 'GET', `/api/requests/${id}`, { as })).json<TRequestDetail>();

/**
 * CPT and RCL ask the faculty advisor first: submitting e-mailed them a link (decision 028); they
 * recommend through it, and the request is back with the office. A type without approvers is left as it is.
 */
export async function advisorRecommends(t: TTestApp, id: string, as: TSession): Promise<void> {
  const r = await requestAs(t, id, as);
  if (r.status !== 'adv_review') return;
  const mail = (await mailsTo(t, 'advisor@demo.example.edu')).find(
    (m) => m.purpose === 'approval-link' && m.text_body.includes(`#${r.number}`),
  );
  const token = /advisor-approval\/([A-Za-z0-9_-]+)/.exec(mail?.text_body ?? '')?.[1];
  const decided = await call(t, 'POST', '/api/approvals/decide', { body: { token, decision: 'approve', comment: 'Recommended.' } });
  expect(decided.statusCode, decided.body).toBe(200);
}

/** The student starts, fills in and submits a request of the type (the advisor recommends where asked); the office approves it. */
export async function approveStudentRequest(
  t: TTestApp,
  code: string,
  data: Record<string, unknown>,
  who: { student: TSession; office: TSession },
): Promise<TRequestDetail> {
  const r = await startStudentRequest(t, code, who.student);
  const saved = await saveRequestData(t, r.id, data, who.student);
  expect(saved.statusCode, saved.body).toBe(200);
  const submitted = await submitRequest(t, r.id, who.student);
  expect(submitted.statusCode, submitted.body).toBe(200);
  await advisorRecommends(t, r.id, who.student);
  const approved = await approveRequest(t, r.id, who.office);
  expect(approved.statusCode, approved.body).toBe(200);
  return approved.json<TRequestDetail>();
}

export type TOpenSevisEvent = {
  id: string;
  event_type: string;
  action: string;
  status: string;
  message: string;
  payload: Record<string, unknown>;
};
/** A record's SEVIS updates still waiting for a batch (pending or held), oldest first. */
export const openSevisEvents = (t: TTestApp, profileId: string) =>
  t.sql<TOpenSevisEvent>(
    `select id, event_type, action, status, message, payload from sevis_pending_events
     where profile_id = $1 and status in ('pending', 'held') order by created_at`,
    [profileId],
  );

const XSD = {
  student: path.resolve(__dirname, '../../sevis-xsd/student-6.55/Create-UpdateStudent.xsd'),
  ev: path.resolve(__dirname, '../../sevis-xsd/exchange-visitor-6.27/Create-UpdateExchangeVisitor.xsd'),
};
const hasXmllint = (() => {
  try {
    execFileSync('xmllint', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
/** Debian's xmllint checks a stored batch against the official XSD again, where it is installed (the product already did). */
export function xmllintAccepts(kind: 'student' | 'ev', xml: string): void {
  if (!hasXmllint) return;
  const file = path.join(os.tmpdir(), `sevis-batch-${process.pid}-${Date.now()}.xml`);
  fs.writeFileSync(file, xml);
  try {
    execFileSync('xmllint', ['--noout', '--schema', XSD[kind], file], { stdio: 'pipe' });
  } finally {
    fs.rmSync(file, { force: true });
  }
}

/**
 * Builds a batch of exactly this event through the Batch Manager's API and returns its XML; fails with the hold
 * message when the schema or a rule refuses it (the product validates every batch with the official XSD before it
 * stores it).
 */
export async function batchOf(
  t: TTestApp,
  eventId: string,
  o: { as: TSession; settingsId: string; kind?: 'student' | 'ev' },
): Promise<string> {
  const res = await call(t, 'POST', '/api/sevis/batches', { as: o.as, body: { settingsId: o.settingsId, eventIds: [eventId] } });
  expect(res.statusCode, res.body).toBe(200);
  const out = res.json<sevisApi.TCreateBatchesOutput>();
  const [e] = await t.sql<{ status: string; message: string }>('select status, message from sevis_pending_events where id = $1', [eventId]);
  expect(e, 'event').toMatchObject({ status: 'batched', message: '' });
  expect(out.batchedEvents).toBe(1);
  const [b] = await t.sql<{ xml: string }>('select xml from sevis_batches where id = $1', [out.batches[0]!.id]);
  xmllintAccepts(o.kind ?? 'student', b!.xml);
  return b!.xml;
}
