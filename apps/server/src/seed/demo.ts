import { sql } from 'drizzle-orm';
import { DEFAULT_TIME_ZONE, EMPTY_STAFF_PERMISSIONS, todayIn, type TStaffPermissions } from '@meridian/domain';
import { hashPassword } from '../platform/auth/passwords.js';
import type { TDatabase } from '../platform/db/database.js';
import { writeAudit } from '../platform/audit/audit.js';
import { DEFAULT_SETTINGS } from '../modules/institutions/index.js';
import { countInstitutions, createInstitution } from '../platform/tenancy/institutions.js';
import { campusSites, departments, users } from '../modules/people/index.js';
import { seedForms } from './forms.js';
import { seedRequestTypes } from './requests.js';
import { seedScholars } from './scholars.js';
import { seedStudents } from './students.js';
import { seedStudentsPortal } from './students-portal.js';
import { seedStudentsOpt } from './students-opt.js';
import { seedSevis } from './sevis.js';
import { seedSitePages } from './site-pages.js';
import { ensureLookupCatalog } from '../modules/lookups/index.js';
import { scholars } from '../modules/scholars/index.js';

export const DEMO_PASSWORD = 'Meridian-demo-1';
export const DEMO_INSTITUTION = 'Demo University';

const staff = (p: Partial<TStaffPermissions>): TStaffPermissions => ({ ...EMPTY_STAFF_PERMISSIONS, ...p });

/**
 * Seeds 'Demo University' with a user for every role. Runs only on a database without any
 * institution, so it can never touch an office's real data. Returns whether it seeded.
 */
export async function seedDemo(
  db: TDatabase,
  opts: { publicBaseUrl: string; hosts?: string[]; name?: string; force?: boolean; timeZone?: string },
): Promise<string | null> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.owner.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727275)`);
    if ((await countInstitutions(tx)) > 0 && !opts.force) return null;
    const name = opts.name ?? DEMO_INSTITUTION;
    const inst = await createInstitution(tx, {
      name,
      hosts: opts.hosts,
      // Springfield, Illinois: the demo's own zone, which is also the default for institutions that predate the setting.
      timeZone: opts.timeZone ?? DEFAULT_TIME_ZONE,
      settings: { ...DEFAULT_SETTINGS, accountName: name, publicBaseUrl: opts.publicBaseUrl, primaryContactEmail: 'isss@demo.example.edu' },
    });
    const institutionId = inst.id;
    const [main, med] = await tx
      .insert(campusSites)
      .values([
        { institutionId, name: 'Main Campus', code: 'MAIN' },
        { institutionId, name: 'Medical Campus', code: 'MED' },
      ])
      .returning();
    const [physics] = await tx
      .insert(departments)
      .values([
        { institutionId, name: 'Department of Physics', code: 'PHYS' },
        { institutionId, name: 'Department of Computer Science', code: 'CS' },
        { institutionId, name: 'School of Medicine', code: 'MED' },
      ])
      .returning();
    const base = { institutionId, passwordHash, passwordChangedAt: new Date() };
    const rows = await tx
      .insert(users)
      .values([
        {
          ...base,
          userName: 'admin',
          email: 'admin@demo.example.edu',
          firstName: 'Avery',
          lastName: 'Admin',
          role: 'isssAdmin',
          staffPermissions: staff({ isSuper: true, isOfficer: true, websiteContent: true }),
        },
        {
          ...base,
          userName: 'officer',
          email: 'officer@demo.example.edu',
          firstName: 'Olivia',
          lastName: 'Officer',
          role: 'isssAdmin',
          staffPermissions: staff({ isOfficer: true, officerSites: [main!.id] }),
        },
        {
          ...base,
          userName: 'assistant',
          email: 'assistant@demo.example.edu',
          firstName: 'Sam',
          lastName: 'Assistant',
          role: 'isssAdmin',
          staffPermissions: staff({
            isAssistant: true,
            assistantSites: [main!.id],
            assistantSettings: { [String(main!.id)]: { sendemail: true, editStudent: true, processRequests: false, sevisBatch: false } },
          }),
        },
        {
          ...base,
          userName: 'dept',
          email: 'dept@demo.example.edu',
          firstName: 'Dana',
          lastName: 'Department',
          role: 'department',
          isDepartmentAdmin: true,
          departmentId: physics!.id,
        },
        {
          ...base,
          userName: 'scholar',
          email: 'scholar@demo.example.edu',
          firstName: 'Hiro',
          lastName: 'Tanaka',
          role: 'scholar',
          departmentId: physics!.id,
        },
        {
          ...base,
          userName: 'student',
          email: 'student@demo.example.edu',
          firstName: 'Priya',
          lastName: 'Sharma',
          role: 'ISSSstudent',
          campusSiteId: main!.id,
        },
        {
          ...base,
          userName: 'advisor',
          email: 'advisor@demo.example.edu',
          firstName: 'Alex',
          lastName: 'Advisor',
          role: 'advisor',
          departmentId: physics!.id,
        },
      ])
      .returning();
    const byName = Object.fromEntries(rows.map((r) => [r.userName, r]));
    await tx.insert(scholars).values({ institutionId, userId: byName.scholar!.id, departmentId: physics!.id, processedState: 'H-1B' });
    await seedStudents(tx, institutionId, { studentUserId: byName.student!.id, main: main!.id, med: med!.id });
    await seedForms(tx, institutionId);
    await seedRequestTypes(tx, institutionId);
    await seedScholars(tx, institutionId);
    await seedStudentsPortal(tx, institutionId);
    await seedStudentsOpt(tx, institutionId, { main: main!.id, med: med!.id });
    await seedSevis(tx, institutionId, { main: main!.id, med: med!.id, adminUserId: byName.admin!.id });
    await seedSitePages(tx, institutionId, { adminUserId: byName.admin!.id });
    // The office's code lists, from SEVIS's tables (docs/product/lookups.md).
    await ensureLookupCatalog(tx, institutionId, todayIn(inst.timeZone));
    await writeAudit(tx, {
      institutionId,
      actorUserId: null,
      entityType: 'institution',
      entityId: institutionId,
      action: 'institution.seeded-demo',
    });
    return institutionId;
  });
}
