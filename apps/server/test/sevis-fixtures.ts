import type { TTestApp } from './app.js';
import { newStudent, siteId } from './students-fixtures.js';

/**
 * SEVIS fixtures (helper F first; other SEVIS slices append their helpers at the end): settings per
 * campus site and program kind, SEVIS Permissions senders, student records with pending events.
 * Written straight into the database as the owner, like students-fixtures.ts.
 */

export const SCHOOL_CODE_MED = 'BOS214F00067890';
export const PROGRAM_NUMBER_MED = 'P-3-54321';
export const today = () => new Date().toISOString().slice(0, 10);
export const daysFromToday = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

export interface TSettingsFixture {
  site?: 'MAIN' | 'MED' | undefined;
  kind?: 'F' | 'J' | undefined;
  orgId?: string | undefined;
  inst?: string | undefined;
  isAutoBatch?: boolean | undefined;
  isActive?: boolean | undefined;
  officialSevisUserId?: string | undefined;
  startingBatchNumber?: number | undefined;
}

/** The settings row of a site and kind (created, or updated when the demo seed already has it); returns its id. */
export async function sevisSettingsRow(t: TTestApp, o: TSettingsFixture = {}): Promise<string> {
  const inst = o.inst ?? t.institutionA;
  const kind = o.kind ?? 'F';
  const site = await siteId(t, o.site ?? 'MED', inst);
  const orgId =
    o.orgId ?? (o.site === 'MAIN' ? (kind === 'F' ? 'BOS214F00012345' : 'P-1-12345') : kind === 'F' ? SCHOOL_CODE_MED : PROGRAM_NUMBER_MED);
  const [row] = await t.sql<{ id: string }>(
    `insert into sevis_settings (institution_id, campus_site_id, program_kind, org_id, official_name, official_sevis_user_id, starting_batch_number, is_auto_batch, is_active)
     values ($1, $2, $3, $4, 'Pat PDSO', $5, $6, $7, $8)
     on conflict (institution_id, campus_site_id, program_kind) do update set org_id = excluded.org_id, official_sevis_user_id = excluded.official_sevis_user_id,
       starting_batch_number = excluded.starting_batch_number, is_auto_batch = excluded.is_auto_batch, is_active = excluded.is_active
     returning id`,
    [
      inst,
      site,
      kind,
      orgId,
      o.officialSevisUserId ?? 'PDSOUSER01',
      o.startingBatchNumber ?? 1,
      o.isAutoBatch ?? false,
      o.isActive ?? true,
    ],
  );
  return row!.id;
}

/** Names a demo user DSO (F) or ARO (J) on SEVIS Permissions. */
export async function sevisSender(
  t: TTestApp,
  userName: string,
  kind: 'DSO' | 'ARO',
  sevisUserId = `${userName.toUpperCase()}XXXXXXXXXX`.slice(0, 10),
  inst = t.institutionA,
): Promise<void> {
  await t.sql(
    `insert into sevis_senders (institution_id, user_id, kind, sevis_user_id)
     select $1, id, $3, $4 from users where institution_id = $1 and user_name = $2
     on conflict (user_id, kind) do update set sevis_user_id = excluded.sevis_user_id`,
    [inst, userName, kind, sevisUserId],
  );
}

export interface TEventFixture {
  eventType?: string | undefined;
  action?: string | undefined;
  payload?: Record<string, unknown> | undefined;
  status?: string | undefined;
  inst?: string | undefined;
}

/** A pending SEVIS event on a record. */
export async function pendingEvent(t: TTestApp, profileId: string, o: TEventFixture = {}): Promise<string> {
  const [row] = await t.sql<{ id: string }>(
    `insert into sevis_pending_events (institution_id, profile_id, event_type, action, payload, status)
     values ($1, $2, $3, $4, $5, $6) returning id`,
    [
      o.inst ?? t.institutionA,
      profileId,
      o.eventType ?? 'Registration',
      o.action ?? 'Register',
      JSON.stringify(o.payload ?? { sessionStartDate: daysFromToday(-10), sessionEndDate: daysFromToday(100) }),
      o.status ?? 'pending',
    ],
  );
  return row!.id;
}

/** Realistic record data the XML builder needs for registration / personal-info updates. */
export const STUDENT_RECORD_EXTRA = (): Record<string, unknown> => ({
  gender: 'F',
  birth_city: 'Pune',
  us_address: JSON.stringify({ line1: '12 Oak St', city: 'Boston', state: 'MA', postalCode: '02115', countryCode: 'US' }),
  session_start_date: daysFromToday(-10),
  session_end_date: daysFromToday(100),
  is_registered: false,
});

/** A student record (F-1 unless told) at a site with one pending event; returns the record and event ids. */
export async function studentWithEvent(
  t: TTestApp,
  o: {
    site?: 'MAIN' | 'MED' | undefined;
    visaType?: 'F-1' | 'J-1' | undefined;
    inst?: string | undefined;
    event?: TEventFixture | undefined;
    extra?: Record<string, unknown> | undefined;
  } = {},
) {
  const s = await newStudent(t, {
    institutionId: o.inst,
    site: o.site ?? 'MED',
    visaType: o.visaType ?? 'F-1',
    extra: { ...STUDENT_RECORD_EXTRA(), ...(o.extra ?? {}) },
  });
  const eventId = await pendingEvent(t, s.id, { inst: o.inst, ...(o.event ?? {}) });
  return { profileId: s.id, sevisId: s.sevisId, eventId };
}

let bulkSeq = 0;
/**
 * n F-1 (or J-1) records at a site, each with one pending Registration event, in two statements
 * (fast enough for the 251-record split).
 */
export async function manyStudentsWithEvents(
  t: TTestApp,
  n: number,
  o: { site?: 'MAIN' | 'MED' | undefined; visaType?: 'F-1' | 'J-1' | undefined; inst?: string | undefined } = {},
): Promise<string[]> {
  const inst = o.inst ?? t.institutionA;
  const site = await siteId(t, o.site ?? 'MED', inst);
  bulkSeq += 1;
  const base = 7_000_000_000 + bulkSeq * 100_000 + Math.floor(Math.random() * 1000) * 1000_000;
  const rows = await t.sql<{ id: string }>(
    `insert into student_profiles (institution_id, campus_site_id, sevis_id, first_name, last_name, email, visa_type, sevis_status, current_stage,
       education_level, birth_date, birth_country_cd, citizenship_country_cd, gender, birth_city, program_start_date, program_end_date,
       session_start_date, session_end_date, us_address)
     select $1, $2, 'N' || lpad(($3::bigint + g)::text, 10, '0'), 'Bulk' || g, 'Student', 'bulk' || $3 || '.' || g || '@example.edu', $4, 'Active', 'continuing',
       '03', '1999-04-12', 'IN', 'IN', 'F', 'Pune', '2025-08-20', '2027-05-15', $5::date, $6::date,
       '{"line1":"12 Oak St","city":"Boston","state":"MA","postalCode":"02115","countryCode":"US"}'::jsonb
     from generate_series(1, $7::int) g returning id`,
    [inst, site, base, o.visaType ?? 'F-1', daysFromToday(-10), daysFromToday(100), n],
  );
  const ids = rows.map((r) => r.id);
  await t.sql(
    `insert into sevis_pending_events (institution_id, profile_id, event_type, action, payload, status)
     select $1, unnest($2::uuid[]), 'Registration', 'Register', $3::jsonb, 'pending'`,
    [inst, ids, JSON.stringify({ sessionStartDate: daysFromToday(-10), sessionEndDate: daysFromToday(100) })],
  );
  return ids;
}

/** A stored batch (pending, tiny XML) of a site's settings, written directly: for routes that need one to exist. */
export async function sevisBatchRow(
  t: TTestApp,
  o: { site?: 'MAIN' | 'MED' | undefined; kind?: 'F' | 'J' | undefined; inst?: string | undefined } = {},
): Promise<string> {
  const inst = o.inst ?? t.institutionA;
  const settingsId = await sevisSettingsRow(t, { site: o.site ?? 'MAIN', kind: o.kind ?? 'F', inst });
  const [row] = await t.sql<{ id: string }>(
    `insert into sevis_batches (institution_id, settings_id, org_id, batch_id, kind, status, record_count, sevis_user_id, xml)
     select $1, s.id, s.org_id, lpad((90000000 + (select count(*) from sevis_batches b where b.settings_id = s.id))::text, 14, '0'), $3, 'pending', 0, s.official_sevis_user_id, '<SEVISBatch/>'
     from sevis_settings s where s.id = $2 returning id`,
    [inst, settingsId, (o.kind ?? 'F') === 'F' ? 'student' : 'ev'],
  );
  return row!.id;
}
