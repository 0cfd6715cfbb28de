import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { baseUrl, DEMO_PASSWORD, launch, newPage, query, signIn, STAFF_HOME } from '../browser.js';
import { confirmDecision } from '../journey-helpers.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function questionnaire(inst: string, name: string, isConditional: boolean, items: unknown[]): Promise<string> {
  const [q] = await query<{ id: string }>(
    'insert into questionnaires (institution_id, name, is_conditional) values ($1, $2, $3) returning id',
    [inst, name, isConditional],
  );
  const content = { folders: [{ id: randomUUID(), name, ordinal: 1, items }] };
  await query('insert into questionnaire_versions (institution_id, questionnaire_id, version_no, content) values ($1, $2, 1, $3)', [
    inst,
    q!.id,
    JSON.stringify(content),
  ]);
  return q!.id;
}

/** A request type whose questionnaire asks a yes/no that brings in a conditional questionnaire on 'yes', and a draft of it. */
async function draft(): Promise<string> {
  const [inst] = await query<{ id: string }>(
    `select institution_id as id from users where user_name = 'student' order by created_at limit 1`,
  );
  const item = (text: string, type: string, x: Record<string, unknown> = {}) => ({
    id: randomUUID(),
    text,
    type,
    datatype: 'TEXT',
    required: true,
    instructions: '',
    lookupSetId: null,
    options: [],
    ordinal: 1,
    ...x,
  });
  const cond = await questionnaire(inst!.id, 'Dependent details', true, [item('Dependent full name', 'SHORT')]);
  const main = await questionnaire(inst!.id, 'Travel plans', false, [
    item('Will dependents travel with you?', 'YESNO', { showsQuestionnaire: { whenValue: 'yes', questionnaireId: cond } }),
  ]);
  const [type] = await query<{ id: string }>(
    `insert into request_types (institution_id, code, name, starters, questionnaire_ids) values ($1, $2, 'Travel with dependents', '{student}', $3::uuid[]) returning id`,
    [inst!.id, `e2e_conditional_${Date.now()}`, [main]],
  );
  const login = (await (
    await fetch(`${baseUrl()}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userName: 'student', password: DEMO_PASSWORD }),
    })
  ).json()) as { accessToken: string };
  const res = await fetch(`${baseUrl()}/api/requests`, {
    method: 'POST',
    headers: { authorization: `Bearer ${login.accessToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ requestTypeId: type!.id }),
  });
  return ((await res.json()) as { id: string }).id;
}

describe('Conditional questionnaires on a request', () => {
  it("answering 'yes' and saving brings in the conditional questionnaire; submit asks for it; staff see both", async () => {
    const requestId = await draft();
    const student = await newPage(browser);
    await signIn(student, 'student', undefined, 'student');
    await student.waitForURL(/#\/student\//);
    await student.goto(`/#/student/request-edit/${requestId}`);
    const travel = student.getByRole('form', { name: 'Travel plans' });
    await travel.waitFor();
    if (await student.getByRole('form', { name: 'Dependent details' }).count())
      throw new Error('conditional questionnaire shown before the answer');
    await travel.getByLabel('Yes').check();
    await travel.getByRole('button', { name: 'Save draft' }).click();
    const dependents = student.getByRole('form', { name: 'Dependent details' });
    await dependents.waitFor();
    await student.getByRole('button', { name: 'Submit request' }).click();
    await confirmDecision(student, 'Submit request');
    await dependents.getByText('Required field').waitFor();
    await dependents.getByLabel(/Dependent full name/).fill('Ana Lima');
    await student.getByRole('button', { name: 'Submit request' }).click();
    await confirmDecision(student, 'Submit request');
    await student.getByText('Your request has been submitted and is with the office.').waitFor();

    const officer = await newPage(browser);
    await signIn(officer, 'officer');
    await officer.waitForURL(STAFF_HOME);
    await officer.goto(`/#/isss/request/${requestId}`);
    await officer
      .getByRole('form', { name: 'Dependent details' })
      .getByLabel(/Dependent full name/)
      .and(officer.locator('[value="Ana Lima"]'))
      .waitFor();
  });
});
