import { createHash } from 'node:crypto';
import { and, eq, notExists } from 'drizzle-orm';
import { campusSites } from '../../src/modules/people/schema.js';
import { sevisPendingEvents, studentProfiles } from '../../src/modules/students/schema.js';
import {
  rtiImports,
  sevisBatches,
  sevisBatchRecords,
  sevisSenders,
  sevisSettings,
  sevisTransactionLogs,
} from '../../src/modules/sevis/schema.js';
import type { TTestApp } from '../app.js';
import { daysFromToday, nextSeq, only, owner } from './db.js';
import { siteIdOf, userOf, type TSiteCode } from './people.js';
import { buildPendingEvent, buildStudent, sevisReadyRecord, type TStudentOverrides } from './students.js';

export type TSevisSettingsRow = typeof sevisSettings.$inferSelect;
export type TSevisBatchRow = typeof sevisBatches.$inferSelect;
type TKind = 'F' | 'J';

/** The Medical Campus's own school code and program number (the demo seed configures Main Campus only). */
export const SCHOOL_CODE_MED = 'BOS214F00067890';
export const PROGRAM_NUMBER_MED = 'P-3-54321';

const defaultOrgId = (site: TSiteCode, kind: TKind) =>
  site === 'MAIN' ? (kind === 'F' ? 'BOS214F00012345' : 'P-1-12345') : kind === 'F' ? SCHOOL_CODE_MED : PROGRAM_NUMBER_MED;

export interface TSevisSettingsOptions extends Partial<
  Omit<typeof sevisSettings.$inferInsert, 'id' | 'institutionId' | 'campusSiteId' | 'programKind'>
> {
  inst?: string | undefined;
  site?: TSiteCode | undefined;
  kind?: TKind | undefined;
}

/**
 * The SEVIS settings of a site and program kind as the SEVIS Settings page saves them (replacing
 * what the demo seed or an earlier test saved there): Medical Campus, F-1 by default.
 */
export async function buildSevisSettings(t: TTestApp, o: TSevisSettingsOptions = {}): Promise<TSevisSettingsRow> {
  const { inst = t.institutionA, site = 'MED', kind = 'F', ...values } = o;
  const row = {
    orgId: defaultOrgId(site, kind),
    officialName: 'Pat PDSO',
    officialSevisUserId: 'PDSOUSER01',
    startingBatchNumber: 1,
    isAutoBatch: false,
    isActive: true,
    ...values,
  };
  return only(
    await owner(t)
      .insert(sevisSettings)
      .values({ ...row, institutionId: inst, campusSiteId: await siteIdOf(t, site, inst), programKind: kind })
      .onConflictDoUpdate({
        target: [sevisSettings.institutionId, sevisSettings.campusSiteId, sevisSettings.programKind],
        set: { ...row, updatedAt: new Date() },
      })
      .returning(),
    'SEVIS settings',
  );
}

/** The settings of a site and program kind as they stand (the demo seed's for Main Campus), saved first if there are none. */
export async function sevisSettingsOf(
  t: TTestApp,
  o: { site?: TSiteCode | undefined; kind?: TKind | undefined; inst?: string | undefined } = {},
): Promise<TSevisSettingsRow> {
  const { inst = t.institutionA, site = 'MAIN', kind = 'J' } = o;
  const campusSiteId = await siteIdOf(t, site, inst);
  const [found] = await owner(t)
    .select()
    .from(sevisSettings)
    .where(and(eq(sevisSettings.institutionId, inst), eq(sevisSettings.campusSiteId, campusSiteId), eq(sevisSettings.programKind, kind)));
  return (
    found ??
    buildSevisSettings(t, {
      inst,
      site,
      kind,
      orgId: kind === 'J' ? 'P-1-19833' : 'DEM214F00000001',
      officialName: 'Pat Officer',
      officialSevisUserId: 'esayya9302',
    })
  );
}

/**
 * Names a user DSO (F) or ARO (J) on SEVIS Permissions, with their 10-character SEVIS user id: of the
 * given campus sites, every site of the institution by default.
 */
export async function buildSevisSender(
  t: TTestApp,
  userName: string,
  kind: 'DSO' | 'ARO',
  sevisUserId = `${userName.toUpperCase()}XXXXXXXXXX`.slice(0, 10),
  inst = t.institutionA,
  sites?: TSiteCode[],
): Promise<(typeof sevisSenders.$inferSelect)[]> {
  const u = await userOf(t, userName, inst);
  const siteIds = sites
    ? await Promise.all(sites.map((code) => siteIdOf(t, code, inst)))
    : (await owner(t).select({ id: campusSites.id }).from(campusSites).where(eq(campusSites.institutionId, inst))).map((r) => r.id);
  return owner(t)
    .insert(sevisSenders)
    .values(siteIds.map((campusSiteId) => ({ institutionId: inst, campusSiteId, userId: u.id, kind, sevisUserId })))
    .onConflictDoUpdate({
      target: [sevisSenders.campusSiteId, sevisSenders.userId, sevisSenders.kind],
      set: { sevisUserId, updatedAt: new Date() },
    })
    .returning();
}

/**
 * A student record SEVIS can be told about (F-1 at Medical Campus unless told) with one pending
 * SEVIS update (a Registration unless told).
 */
export async function buildStudentWithPendingEvent(
  t: TTestApp,
  o: {
    site?: TSiteCode | undefined;
    visaType?: 'F-1' | 'J-1' | undefined;
    inst?: string | undefined;
    event?: Parameters<typeof buildPendingEvent>[2] | undefined;
    record?: TStudentOverrides | undefined;
  } = {},
): Promise<{ profileId: string; sevisId: string | null; eventId: string }> {
  const s = await buildStudent(t, {
    institutionId: o.inst ?? t.institutionA,
    site: o.site ?? 'MED',
    visaType: o.visaType ?? 'F-1',
    ...sevisReadyRecord(),
    ...(o.record ?? {}),
  });
  const e = await buildPendingEvent(t, s, o.event ?? {});
  return { profileId: s.id, sevisId: s.sevisId, eventId: e.id };
}

let bulkSeq = 0;
/** n records at a site, each with one pending Registration, in two statements (fast enough for a 251-record split). */
export async function buildStudentsWithPendingEvents(
  t: TTestApp,
  n: number,
  o: { site?: TSiteCode | undefined; visaType?: 'F-1' | 'J-1' | undefined; inst?: string | undefined } = {},
): Promise<string[]> {
  const inst = o.inst ?? t.institutionA;
  const campusSiteId = await siteIdOf(t, o.site ?? 'MED', inst);
  bulkSeq += 1;
  const base = 7_000_000_000 + bulkSeq * 100_000 + Math.floor(Math.random() * 1000) * 1_000_000;
  const rows = await owner(t)
    .insert(studentProfiles)
    .values(
      Array.from({ length: n }, (_, i) => ({
        institutionId: inst,
        campusSiteId,
        sevisId: `N${String(base + i + 1).padStart(10, '0')}`,
        firstName: `Bulk${i + 1}`,
        lastName: 'Student',
        email: `bulk${base}.${i + 1}@example.edu`,
        visaType: o.visaType ?? 'F-1',
        sevisStatus: 'Active',
        currentStage: 'continuing',
        educationLevel: '05',
        birthDate: '1999-04-12',
        birthCountryCode: 'IN',
        citizenshipCountryCode: 'IN',
        programStartDate: '2025-08-20',
        programEndDate: '2027-05-15',
        ...sevisReadyRecord(),
      })),
    )
    .returning({ id: studentProfiles.id });
  await owner(t)
    .insert(sevisPendingEvents)
    .values(
      rows.map((r) => ({
        institutionId: inst,
        profileId: r.id,
        eventType: 'Registration',
        action: 'Register',
        payload: { sessionStartDate: daysFromToday(-10), sessionEndDate: daysFromToday(100), nextSessionStartDate: daysFromToday(120) },
      })),
    );
  return rows.map((r) => r.id);
}

let batchSeq = 0;
/** A unique 14-character batch id. */
export function newBatchId(): string {
  batchSeq += 1;
  return `T${Date.now().toString(36).slice(-7)}${String(batchSeq).padStart(6, '0')}`.slice(0, 14).padEnd(14, '0');
}

export interface TBatchRecordSpec {
  profileId: string;
  /** The record's requestID in the XML, which the transaction log answers. */
  requestId: string;
  kind?: 'create' | 'update' | undefined;
  eventType?: string | undefined;
  action?: string | undefined;
  dependentId?: string | null | undefined;
}

/**
 * A stored batch of a site's settings with one record and one event for each of `records`, as the batch
 * builder leaves it (pending: its events batched) or as marking it sent does (sent by hand, its events sent).
 */
export async function buildSevisBatch(
  t: TTestApp,
  o: {
    orgId?: string | undefined;
    batchId?: string | undefined;
    site?: TSiteCode | undefined;
    kind?: 'student' | 'ev' | undefined;
    status?: 'pending' | 'sent' | undefined;
    xml?: string | undefined;
    inst?: string | undefined;
    records: TBatchRecordSpec[];
  },
): Promise<TSevisBatchRow & { events: string[] }> {
  const inst = o.inst ?? t.institutionA;
  const kind = o.kind ?? 'ev';
  const status = o.status ?? 'sent';
  if (o.records.length === 0) throw new Error('factory: the batch builder stores no empty batch');
  const settings = await sevisSettingsOf(t, { site: o.site, kind: kind === 'ev' ? 'J' : 'F', inst });
  const batch = only(
    await owner(t)
      .insert(sevisBatches)
      .values({
        institutionId: inst,
        settingsId: settings.id,
        orgId: o.orgId ?? settings.orgId,
        batchId: o.batchId ?? newBatchId(),
        kind,
        status,
        recordCount: o.records.length,
        // The sender named in the batch's own header, else the settings' official.
        sevisUserId: /userID="([^"]+)"/.exec(o.xml ?? '')?.[1] ?? settings.officialSevisUserId,
        xml: o.xml ?? '<SEVISBatch/>',
        sentAt: status === 'pending' ? null : new Date(),
        sentVia: status === 'pending' ? '' : 'manual',
      })
      .returning(),
    'SEVIS batch',
  );
  const events: string[] = [];
  for (const r of o.records) {
    const update = r.kind === 'update';
    const e = await buildPendingEvent(
      t,
      { id: r.profileId, institutionId: inst },
      {
        dependentId: r.dependentId ?? null,
        eventType: r.eventType ?? (update ? 'PersonalInfo' : 'Create'),
        action: r.action ?? (update ? 'Edit' : 'Create'),
        payload: {},
        status: status === 'pending' ? 'batched' : 'sent',
        batchId: batch.id,
      },
    );
    await owner(t)
      .insert(sevisBatchRecords)
      .values({
        institutionId: inst,
        batchRowId: batch.id,
        eventId: e.id,
        profileId: r.profileId,
        recordKind: r.kind ?? 'create',
        sevisRequestId: r.requestId,
      });
    events.push(e.id);
  }
  return { ...batch, events };
}

/** A transaction log imported for a sent batch (all its records succeeded unless told). */
export async function buildTransactionLog(
  t: TTestApp,
  batch: Pick<TSevisBatchRow, 'id' | 'institutionId' | 'orgId' | 'batchId' | 'recordCount'>,
  o: Partial<Omit<typeof sevisTransactionLogs.$inferInsert, 'id' | 'institutionId' | 'batchRowId'>> & { xml?: string | undefined } = {},
): Promise<typeof sevisTransactionLogs.$inferSelect> {
  const { xml = `<TransactionLog fixture="${nextSeq()}"/>`, ...values } = o;
  return only(
    await owner(t)
      .insert(sevisTransactionLogs)
      .values({
        orgId: batch.orgId,
        batchId: batch.batchId,
        fileName: 'log.xml',
        resultCode: 'S0000',
        succeededCount: batch.recordCount,
        ...values,
        sha256: createHash('sha256').update(xml).digest('hex'),
        institutionId: batch.institutionId,
        batchRowId: batch.id,
      })
      .returning(),
    'transaction log',
  );
}

/** An RTI list upload (a preview without rows unless told), by a user. */
export async function buildRtiImport(
  t: TTestApp,
  o: Partial<Omit<typeof rtiImports.$inferInsert, 'id' | 'createdBy'>> & { createdBy: string },
): Promise<typeof rtiImports.$inferSelect> {
  const { createdBy, ...values } = o;
  const inst = values.institutionId ?? t.institutionA;
  return only(
    await owner(t)
      .insert(rtiImports)
      .values({ fileName: 'rti.csv', ...values, institutionId: inst, createdBy: (await userOf(t, createdBy, inst)).id })
      .returning(),
    'RTI import',
  );
}

/** A site and kind back to no SEVIS settings (as before the office configured them), unless a batch already uses them. */
export async function removeUnusedSevisSettings(
  t: TTestApp,
  o: { site: TSiteCode; kind: TKind; inst?: string | undefined },
): Promise<void> {
  const inst = o.inst ?? t.institutionA;
  await owner(t)
    .delete(sevisSettings)
    .where(
      and(
        eq(sevisSettings.institutionId, inst),
        eq(sevisSettings.campusSiteId, await siteIdOf(t, o.site, inst)),
        eq(sevisSettings.programKind, o.kind),
        notExists(owner(t).select({ id: sevisBatches.id }).from(sevisBatches).where(eq(sevisBatches.settingsId, sevisSettings.id))),
      ),
    );
}
