import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { addDays, DEFAULT_TIME_ZONE, todayIn, type sevisApi } from '@meridian/domain';
import { createTestApp, type TTestApp } from './app.js';
import { call } from './http.js';

/*
 * The demo institution's pending SEVIS updates are ones SEVIS takes: the Batch Manager's first batch
 * after `npm start` holds nothing back (docs/sevis-rules.md#codes-and-business-rules-checked-before-sending).
 * The portal student's pending Registration is not her last session, so it carries the next session's
 * start (SEVIS S1068), on or after the current session's end (S1103) and not in the past (S1114); her
 * current session ends on or after today (S1032) and on or before her program end (S1116). Her dates follow
 * the day the demo is seeded, so this holds on any day: the second test seeds it years from now.
 */

let t: TTestApp | undefined;
afterEach(async () => {
  vi.useRealTimers();
  await t?.close();
  t = undefined;
});
afterAll(() => {
  vi.useRealTimers();
});

type TEventRow = { id: string; event_type: string; action: string; status: string; message: string };

/** Builds the batches of every OrgID from the freshly seeded demo, as its admin (the demo DSO and ARO) would. */
async function firstDemoBatch(app: TTestApp) {
  const admin = await app.login('admin');
  const pending = await app.sql<TEventRow>(
    `select id, event_type, action, status, message from sevis_pending_events where institution_id = $1 and status = 'pending'`,
    [app.institutionA],
  );
  const res = await call(app, 'POST', '/api/sevis/batches', { as: admin, body: {} });
  expect(res.statusCode, res.body).toBe(200);
  const out = res.json<sevisApi.TCreateBatchesOutput>();
  const after = await app.sql<TEventRow>(
    'select id, event_type, action, status, message from sevis_pending_events where id = any($1::uuid[])',
    [pending.map((e) => e.id)],
  );
  const [xml] = await app.sql<{ xml: string }>('select xml from sevis_batches where institution_id = $1 order by created_at limit 1', [
    app.institutionA,
  ]);
  return { pending, out, after, xml: xml?.xml ?? '' };
}

/** The Registration record's dates as the batch carries them. */
function registrationDates(xml: string) {
  const tag = (name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1] ?? null;
  return {
    lastSession: tag('LastSession'),
    currentEnd: tag('CurrentSessionEndDate'),
    next: tag('NextSessionStartDate'),
  };
}

describe('createBatches on a freshly seeded demo institution', () => {
  it('batches every pending demo update and holds none: the Registration carries the next session start (SEVIS S1068)', async () => {
    t = await createTestApp();
    const { pending, out, after, xml } = await firstDemoBatch(t);
    expect(pending.length).toBeGreaterThan(0);
    expect(pending.map((e) => `${e.event_type}/${e.action}`)).toContain('Registration/Register');
    expect(out).toMatchObject({ heldEvents: 0, batchedEvents: pending.length, skipped: [] });
    // Anything held says why; nothing is.
    expect(after.filter((e) => e.status !== 'batched').map((e) => `${e.event_type}/${e.action}: ${e.message}`)).toEqual([]);
    const today = todayIn(DEFAULT_TIME_ZONE);
    const d = registrationDates(xml);
    expect(d.lastSession).toBe('false');
    expect(d.next).not.toBeNull();
    // SEVIS S1032, S1103, S1114.
    expect(d.currentEnd! >= today).toBe(true);
    expect(d.next! >= d.currentEnd!).toBe(true);
    expect(d.next! >= today).toBe(true);
  });

  it('still holds none when the demo is seeded years later, at 23:30 in Springfield on Feb 29, 2032', async () => {
    // 23:30 Central Standard Time on 02/29/2032 is 05:30 UTC on 03/01/2032: the demo's today is Feb 29.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2032-03-01T05:30:00Z') });
    t = await createTestApp();
    const { pending, out, xml } = await firstDemoBatch(t);
    expect(out).toMatchObject({ heldEvents: 0, batchedEvents: pending.length });
    const d = registrationDates(xml);
    expect(d.currentEnd).toBe(addDays('2032-02-29', 100));
    expect(d.next! > d.currentEnd!).toBe(true);
    expect(d.next! > '2032-02-29').toBe(true);
  });
});
