import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateScholarApplication } from '@meridian/domain';
import { officeToday } from './factories/index.js';
import { createTestApp, type TTestApp } from './app.js';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

interface TRow {
  id: string;
  name: string;
  processed_state: string;
  application_state: string;
  phase: string;
  status: string;
  is_locked: boolean;
  data: Record<string, unknown>;
  user_id: string | null;
  password_hash: string | null;
  last_login_at: Date | null;
}
const cases = () =>
  t.sql<TRow>(
    `select a.id, s.first_name || ' ' || s.last_name as name, a.processed_state, a.application_state, a.phase, a.status, a.is_locked, a.data,
          s.user_id, u.password_hash, u.last_login_at
     from scholar_applications a join scholars s on s.id = a.scholar_id left join users u on u.id = s.user_id
    where a.institution_id = $1 order by s.last_name`,
    [t.institutionA],
  );
const today = () => officeToday();

describe('demo scholar cases are consistent with their state', () => {
  it('every submitted application has a filled form that passes the submit rules, is locked and has a portal account', async () => {
    const submitted = (await cases()).filter((c) => c.application_state === 'submitted');
    expect(submitted.length).toBeGreaterThanOrEqual(7);
    for (const c of submitted) {
      expect(validateScholarApplication(c.processed_state, c.data, 'submit', today()), c.name).toEqual({});
      expect(c.is_locked, c.name).toBe(true);
      expect(c.user_id, `${c.name} has a portal account`).not.toBeNull();
      expect(c.password_hash !== null || c.last_login_at !== null, `${c.name} set up the account`).toBe(true);
      expect(c.phase, c.name).not.toMatch(/^(sponsorship_request|application)$/);
    }
  });

  it('a case that never reached the scholar has no form; a draft is only where the scholar has an account', async () => {
    for (const c of await cases()) {
      if (c.application_state === 'not_started') expect(Object.keys(c.data), c.name).toEqual([]);
      if (c.application_state === 'draft') expect(c.user_id, c.name).not.toBeNull();
    }
  });

  it('the last status history row is the current phase and status; a submitted case records its submission', async () => {
    for (const c of await cases()) {
      const h = await t.sql<{ phase: string; status: string; change_reason: string }>(
        'select phase, status, change_reason from scholar_status_history where application_id = $1 order by created_at',
        [c.id],
      );
      expect(h[0], c.name).toMatchObject({ phase: 'sponsorship_request', status: 'pending' });
      expect(h.at(-1), c.name).toMatchObject({ phase: c.phase, status: c.status });
      expect(
        h.some((r) => r.change_reason === 'Application submitted'),
        c.name,
      ).toBe(c.application_state === 'submitted');
    }
  });
});
