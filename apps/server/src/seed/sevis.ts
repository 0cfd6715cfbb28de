import { and, eq, inArray } from 'drizzle-orm';
import type { TTx } from '../platform/db/database.js';
import { sevisSenders, sevisSettings } from '../modules/sevis/index.js';
import { sevisPendingEvents } from '../modules/students/index.js';
import { studentProfiles } from '../modules/students/index.js';
import { demoNextSessionStart } from './students.js';

/** The demo PDSO/RO's SEVIS user id (10 characters), also the demo admin's DSO and ARO id. */
export const DEMO_SEVIS_USER_ID = 'DEMOPDSO01';
export const DEMO_SCHOOL_CODE = 'BOS214F00012345';
export const DEMO_PROGRAM_NUMBER = 'P-1-12345';

/**
 * SEVIS settings of Main Campus (F: school code, J: program number, the demo PDSO/RO), the demo admin
 * as DSO and ARO of every demo campus site on SEVIS Permissions, and a few pending updates on demo records
 * (registrations of Main Campus F-1 students), so the Batch Manager can build a batch right after
 * `npm start`. Each carries what SEVIS's rules ask of it, so that first batch holds nothing back
 * (test/sevis-demo-seed.test.ts).
 */
export async function seedSevis(tx: TTx, institutionId: string, o: { main: number; med: number; adminUserId: string }): Promise<void> {
  await tx.insert(sevisSettings).values([
    {
      institutionId,
      campusSiteId: o.main,
      programKind: 'F',
      orgId: DEMO_SCHOOL_CODE,
      officialName: 'Avery Admin',
      officialSevisUserId: DEMO_SEVIS_USER_ID,
      startingBatchNumber: 1,
    },
    {
      institutionId,
      campusSiteId: o.main,
      programKind: 'J',
      orgId: DEMO_PROGRAM_NUMBER,
      officialName: 'Avery Admin',
      officialSevisUserId: DEMO_SEVIS_USER_ID,
      startingBatchNumber: 1,
    },
  ]);
  await tx.insert(sevisSenders).values(
    [o.main, o.med].flatMap((campusSiteId) =>
      (['DSO', 'ARO'] as const).map((kind) => ({
        institutionId,
        campusSiteId,
        userId: o.adminUserId,
        kind,
        sevisUserId: DEMO_SEVIS_USER_ID,
      })),
    ),
  );
  const registered = await tx
    .select()
    .from(studentProfiles)
    .where(and(eq(studentProfiles.institutionId, institutionId), inArray(studentProfiles.sevisId, ['N0031234567'])));
  if (registered.length) {
    await tx.insert(sevisPendingEvents).values(
      registered.map((p) => ({
        institutionId,
        profileId: p.id,
        eventType: 'Registration',
        action: 'Register',
        status: 'pending',
        // Not her last session: SEVIS needs the next session's start (S1068), on or after this one's end (S1103).
        payload: {
          isRegistered: true,
          sessionStartDate: p.sessionStartDate,
          sessionEndDate: p.sessionEndDate,
          isLastSession: false,
          nextSessionStartDate: demoNextSessionStart(),
        },
      })),
    );
  }
}
