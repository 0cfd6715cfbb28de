import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { baseUrl, DEMO_PASSWORD, launch, newPage, query, screenshot, signIn, STAFF_HOME } from '../browser.js';
import { confirmDecision, JOURNEY_WAIT } from '../journey-helpers.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** A student request type asking two custom questions (and one hidden one), and a draft of it. */
async function draft(): Promise<string> {
  const [inst] = await query<{ id: string }>(
    `select institution_id as id from users where user_name = 'student' order by created_at limit 1`,
  );
  const q = async (type: string, text: string, ordinal: number, hidden = false) =>
    (
      await query<{ id: string }>(
        `insert into custom_questions (institution_id, question_type, question_text, is_required, is_hidden, ordinal) values ($1, $2, $3, true, $4, $5) returning id`,
        [inst!.id, type, text, hidden, ordinal],
      )
    )[0]!.id;
  const ids = [
    await q('TEXT', 'Name of your employer', 1),
    await q('IFYXP', 'Have you worked off campus before?', 2),
    await q('TEXT', 'Hidden from students', 3, true),
  ];
  const [type] = await query<{ id: string }>(
    `insert into request_types (institution_id, code, name, starters, custom_question_ids) values ($1, $2, 'Employment questions', '{student}', $3::uuid[]) returning id`,
    [inst!.id, `e2e_custom_${Date.now()}`, ids],
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

describe('Custom questions on a request', () => {
  it("the student answers 'Additional questions' (messages on the fields, Save draft), submits; staff see the answers read-only", async () => {
    const requestId = await draft();
    const student = await newPage(browser);
    await signIn(student, 'student', undefined, 'student');
    await student.waitForURL(/#\/student\//);
    await student.goto(`/#/student/request-edit/${requestId}`);
    const form = student.getByRole('form', { name: 'Additional questions' });
    await form.waitFor();
    if (await student.getByText('Hidden from students').count()) throw new Error('a hidden question is asked');
    await student.getByRole('button', { name: 'Submit request' }).click();
    await confirmDecision(student, 'Submit request');
    await form.getByText('Required field').first().waitFor();
    await form.getByLabel(/Name of your employer/).fill('Campus Library');
    await form.getByLabel('Yes').check();
    // Typing while the draft is still being saved loses the typing: when that save returns, the page
    // marks the answers saved and Submit does not send them again. A user sees "Saving…" turn back into
    // "Save draft"; wait for that (and the save's response) as they would, however slow the machine.
    const draftSaved = student.waitForResponse((r) => r.url().endsWith('/custom-questions') && r.request().method() === 'PUT');
    await form.getByRole('button', { name: 'Save draft' }).click();
    await form.getByText('Please explain your answer.').waitFor();
    if (!(await draftSaved).ok()) throw new Error('the draft was not saved');
    await form.getByRole('button', { name: 'Save draft' }).and(student.locator(':enabled')).waitFor();
    await form.getByLabel(/Please explain/).fill('A summer internship.');
    const submitted = student.waitForResponse((r) => r.url().endsWith(`/api/requests/${requestId}/submit`), { timeout: JOURNEY_WAIT });
    await student.getByRole('button', { name: 'Submit request' }).click();
    await confirmDecision(student, 'Submit request');
    try {
      const res = await submitted;
      if (!res.ok()) throw new Error(`the office refused the submission: ${res.status()} ${await res.text()}`);
      await student.getByText('Your request has been submitted and is with the office.').waitFor({ timeout: JOURNEY_WAIT });
    } catch (e) {
      await screenshot(student, 'custom-questions-submit-failed', { check: false });
      throw e;
    }

    const officer = await newPage(browser);
    await signIn(officer, 'officer');
    await officer.waitForURL(STAFF_HOME);
    await officer.goto(`/#/isss/request/${requestId}`);
    const seen = officer.getByRole('form', { name: 'Additional questions' });
    await seen
      .getByLabel(/Name of your employer/)
      .and(officer.locator('[value="Campus Library"]'))
      .waitFor();
    const explained = await seen.getByLabel(/Please explain/).inputValue();
    if (explained !== 'A summer internship.') throw new Error(`staff see the explanation as ${JSON.stringify(explained)}`);
  });
});
