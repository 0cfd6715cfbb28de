import { auditEvents } from '../platform/audit/schema.js';
import type { TTx } from '../platform/db/database.js';
import { studentProfiles, type TAddress } from '../modules/people/schema.js';
import { studentDependents, studentProfileCorrections, studentSitesOfActivity } from '../modules/students/schema.js';

/** ISO date n days before today (status dates stay "recent" or "old" whenever the demo is seeded). */
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
const addr = (line1: string, city: string, state: string, postalCode: string): TAddress => ({ line1, city, state, postalCode, countryCode: 'US' });
const abroad = (line1: string, city: string, countryCode: string, postalCode = ''): TAddress => ({ line1, city, postalCode, countryCode });

type TProfileInsert = typeof studentProfiles.$inferInsert;
type TSeedDependent = Omit<typeof studentDependents.$inferInsert, 'institutionId' | 'profileId'>;
interface TSeedStudent { p: Omit<TProfileInsert, 'institutionId'>; dependents?: TSeedDependent[]; sites?: { name: string; address: TAddress; isPrimary?: boolean }[] }

/**
 * The demo student records: the portal student Priya Sharma (Main Campus, continuing F-1 with a
 * spouse) and records without portal accounts across both campuses, one for each list a DSO
 * opens first (active, initial, completed and terminated within and beyond 18 months, a transfer
 * in, an initial with port of entry, J-1 exchange visitors). Employments are seeded by the OPT slice.
 * One multi-row insert per table keeps it fast: it runs for every test file.
 */
export async function seedStudents(tx: TTx, institutionId: string, o: { studentUserId: string; main: number; med: number }): Promise<void> {
  const { main, med } = o;
  const f1 = { visaType: 'F-1', currentStage: 'continuing' } as const;
  const j1 = { visaType: 'J-1', currentStage: 'continuing' } as const;
  const students: TSeedStudent[] = [
    { p: { ...f1, userId: o.studentUserId, campusSiteId: main, sevisId: 'N0031234567', campusId: 'U1000123', firstName: 'Priya', lastName: 'Sharma',
      email: 'student@demo.example.edu', gender: 'F', birthDate: '1999-04-12', birthCity: 'Mumbai', birthCountryCode: 'IN', citizenshipCountryCode: 'IN',
      permanentResidenceCountryCode: 'IN', sevisStatus: 'Active', sevisStatusDate: '2025-08-25', educationLevel: '03', major1Code: '11.0701',
      programStartDate: '2025-08-20', programEndDate: '2027-05-15', documentIssueDate: '2025-03-14', documentIssueReason: 'Initial attendance',
      sessionStartDate: '2026-08-19', sessionEndDate: '2026-12-18', isRegistered: true, portOfEntry: 'NEWARK, NJ', entryDate: '2025-08-12',
      usAddress: addr('120 College Ave, Apt 4B', 'Springfield', 'IL', '62701'), foreignAddress: abroad('22 Marine Drive', 'Mumbai', 'IN', '400020'),
      phone: '2175550142', financials: { tuition: 38000, living: 16000, dependents: 6000, personalFunds: 40000, schoolFunds: 20000 },
      portalAccess: 1, tags: ['Graduate assistant'] },
    dependents: [{ firstName: 'Arjun', lastName: 'Sharma', relationshipCode: '01', email: 'arjun.sharma@example.com', gender: 'M', birthDate: '1997-11-02',
      birthCity: 'Pune', birthCountryCode: 'IN', citizenshipCountryCode: 'IN', permanentResidenceCountryCode: 'IN', sevisId: 'N0031234568' }] },
    { p: { ...f1, campusSiteId: main, sevisId: 'N0031234570', campusId: 'U1000201', firstName: 'Wei', lastName: 'Zhang', email: 'wei.zhang@example.edu',
      gender: 'M', birthDate: '2001-09-23', birthCity: 'Chengdu', birthCountryCode: 'CN', citizenshipCountryCode: 'CN', permanentResidenceCountryCode: 'CN',
      sevisStatus: 'Active', sevisStatusDate: '2024-08-27', educationLevel: '02', major1Code: '14.0901', programStartDate: '2024-08-21', programEndDate: '2028-05-12',
      usAddress: addr('45 Elm St', 'Springfield', 'IL', '62703'), phone: '2175550177', financials: { tuition: 32000, living: 15000, personalFunds: 47000 } } },
    { p: { ...f1, campusSiteId: main, sevisId: 'N0031234571', campusId: 'U1000202', firstName: 'Amara', lastName: 'Okafor', email: 'amara.okafor@example.edu',
      gender: 'F', birthDate: '1996-02-17', birthCity: 'Lagos', birthCountryCode: 'NG', citizenshipCountryCode: 'NG', permanentResidenceCountryCode: 'NG',
      sevisStatus: 'Active', sevisStatusDate: '2023-08-28', educationLevel: '04', major1Code: '26.0202', programStartDate: '2023-08-23', programEndDate: '2028-08-15',
      usAddress: addr('9 Oak Ct', 'Springfield', 'IL', '62704'), financials: { tuition: 36000, living: 16000, schoolFunds: 52000 } },
    dependents: [
      { firstName: 'Chidi', lastName: 'Okafor', relationshipCode: '01', gender: 'M', birthDate: '1994-06-30', birthCity: 'Enugu', birthCountryCode: 'NG', citizenshipCountryCode: 'NG', permanentResidenceCountryCode: 'NG' },
      { firstName: 'Ada', lastName: 'Okafor', relationshipCode: '02', gender: 'F', birthDate: '2021-03-09', birthCity: 'Springfield', birthCountryCode: 'US', citizenshipCountryCode: 'NG', permanentResidenceCountryCode: 'NG' },
    ] },
    { p: { ...f1, currentStage: 'pre_arrival', campusSiteId: main, sevisId: 'N0031234572', campusId: 'U1000203', firstName: 'Mateo', lastName: 'García',
      email: 'mateo.garcia@example.edu', gender: 'M', birthDate: '2003-12-01', birthCity: 'Bogotá', birthCountryCode: 'CO', citizenshipCountryCode: 'CO',
      permanentResidenceCountryCode: 'CO', sevisStatus: 'Initial', educationLevel: '02', major1Code: '52.0201', programStartDate: daysAgo(-60), programEndDate: '2030-05-10',
      documentIssueDate: daysAgo(90), documentIssueReason: 'Initial attendance', foreignAddress: abroad('Calle 72 #10-34', 'Bogotá', 'CO', '110231'),
      financials: { tuition: 32000, living: 15000, personalFunds: 50000 } } },
    { p: { ...f1, currentStage: 'check_in', campusSiteId: main, sevisId: 'N0031234573', campusId: 'U1000204', firstName: 'Yuki', lastName: 'Nakamura',
      email: 'yuki.nakamura@example.edu', gender: 'F', birthDate: '2000-05-05', birthCity: 'Osaka', birthCountryCode: 'JP', citizenshipCountryCode: 'JP',
      permanentResidenceCountryCode: 'JP', sevisStatus: 'Initial', educationLevel: '03', major1Code: '27.0501', programStartDate: daysAgo(-10), programEndDate: '2028-05-12',
      portOfEntry: 'CHICAGO, IL', entryDate: daysAgo(5), documentIssueDate: daysAgo(120), documentIssueReason: 'Initial attendance',
      usAddress: addr('300 University Pl', 'Springfield', 'IL', '62702') } },
    { p: { ...f1, currentStage: 'postcompletion_graduated', campusSiteId: main, sevisId: 'N0031234574', campusId: 'U1000205', firstName: 'Omar', lastName: 'Haddad',
      email: 'omar.haddad@example.edu', gender: 'M', birthDate: '1997-08-14', birthCity: 'Amman', birthCountryCode: 'JO', citizenshipCountryCode: 'JO',
      permanentResidenceCountryCode: 'JO', sevisStatus: 'Completed', sevisStatusDate: daysAgo(200), educationLevel: '03', major1Code: '14.1001',
      programStartDate: '2022-08-24', programEndDate: daysAgo(200) } },
    { p: { ...f1, currentStage: 'archived', isArchived: true, campusSiteId: main, sevisId: 'N0031234575', campusId: 'U1000206', firstName: 'Sofia', lastName: 'Rossi',
      email: 'sofia.rossi@example.edu', gender: 'F', birthDate: '1995-01-30', birthCity: 'Milan', birthCountryCode: 'IT', citizenshipCountryCode: 'IT',
      permanentResidenceCountryCode: 'IT', sevisStatus: 'Completed', sevisStatusDate: daysAgo(800), educationLevel: '04', major1Code: '40.0801',
      programStartDate: '2018-08-22', programEndDate: daysAgo(800) } },
    { p: { ...f1, currentStage: 'archived', campusSiteId: med, sevisId: 'N0031234576', campusId: 'M2000101', firstName: 'Dmitri', lastName: 'Volkov',
      email: 'dmitri.volkov@example.edu', gender: 'M', birthDate: '1999-10-10', birthCity: 'Kazan', birthCountryCode: 'RU', citizenshipCountryCode: 'RU',
      permanentResidenceCountryCode: 'RU', sevisStatus: 'Terminated', sevisStatusDate: daysAgo(120), educationLevel: '03', major1Code: '51.2201',
      programStartDate: '2024-01-10', programEndDate: '2026-12-15' } },
    { p: { ...f1, currentStage: 'archived', campusSiteId: med, sevisId: 'N0031234577', campusId: 'M2000102', firstName: 'Fatima', lastName: 'Khan',
      email: 'fatima.khan@example.edu', gender: 'F', birthDate: '1996-03-21', birthCity: 'Lahore', birthCountryCode: 'PK', citizenshipCountryCode: 'PK',
      permanentResidenceCountryCode: 'PK', sevisStatus: 'Terminated', sevisStatusDate: daysAgo(700), educationLevel: '03', major1Code: '51.0701',
      programStartDate: '2021-08-25', programEndDate: '2023-05-12' } },
    { p: { ...f1, campusSiteId: med, sevisId: 'N0031234578', campusId: 'M2000103', firstName: 'Min-jun', lastName: 'Kim', email: 'minjun.kim@example.edu',
      gender: 'M', birthDate: '1998-07-19', birthCity: 'Seoul', birthCountryCode: 'KR', citizenshipCountryCode: 'KR', permanentResidenceCountryCode: 'KR',
      sevisStatus: 'Active', sevisStatusDate: daysAgo(40), educationLevel: '04', major1Code: '26.0102', programStartDate: daysAgo(45), programEndDate: '2030-05-15',
      transferDirection: 'in', transferSchool: 'State University of New York at Buffalo', transferReleaseDate: daysAgo(60),
      usAddress: addr('77 Medical Center Dr', 'Springfield', 'IL', '62702'), financials: { tuition: 41000, living: 17000, schoolFunds: 58000 } } },
    { p: { ...f1, campusSiteId: med, sevisId: 'N0031234579', campusId: 'M2000104', firstName: 'Ana', lastName: 'Souza', email: 'ana.souza@example.edu',
      gender: 'F', birthDate: '2000-11-11', birthCity: 'Recife', birthCountryCode: 'BR', citizenshipCountryCode: 'BR', permanentResidenceCountryCode: 'BR',
      sevisStatus: 'Active', sevisStatusDate: '2025-01-15', educationLevel: '03', major1Code: '51.3801', programStartDate: '2025-01-13', programEndDate: '2026-12-18',
      usAddress: addr('12 Lincoln Sq', 'Springfield', 'IL', '62701'), phone: '2175550190' } },
    { p: { ...j1, campusSiteId: main, sevisId: 'N0031234580', campusId: 'U1000301', firstName: 'Lukas', lastName: 'Müller', email: 'lukas.mueller@example.edu',
      gender: 'M', birthDate: '2002-02-02', birthCity: 'Munich', birthCountryCode: 'DE', citizenshipCountryCode: 'DE', permanentResidenceCountryCode: 'DE',
      sevisStatus: 'Active', sevisStatusDate: '2025-08-26', evCategoryCode: '1A', subjectFieldCode: '45.0601', educationLevel: '02',
      programStartDate: '2025-08-20', programEndDate: '2026-05-15', documentIssueDate: '2025-04-02', documentIssueReason: 'Begin new program',
      usAddress: addr('18 Campus Loop', 'Springfield', 'IL', '62703'), financials: { tuition: 0, living: 14000, otherFunds: 14000 } },
    sites: [{ name: 'Department of Economics', address: addr('1 University Plaza', 'Springfield', 'IL', '62703'), isPrimary: true }] },
    { p: { ...j1, campusSiteId: main, sevisId: 'N0031234581', campusId: 'U1000302', firstName: 'Camille', lastName: 'Dubois', email: 'camille.dubois@example.edu',
      gender: 'F', birthDate: '1999-06-06', birthCity: 'Lyon', birthCountryCode: 'FR', citizenshipCountryCode: 'FR', permanentResidenceCountryCode: 'FR',
      sevisStatus: 'Active', sevisStatusDate: '2025-08-26', evCategoryCode: '1B', subjectFieldCode: '26.0101', educationLevel: '03',
      programStartDate: '2025-08-20', programEndDate: '2027-05-15', documentIssueDate: '2025-03-20', documentIssueReason: 'Begin new program',
      usAddress: addr('5 Maple Row', 'Springfield', 'IL', '62704') },
    dependents: [{ firstName: 'Julien', lastName: 'Dubois', relationshipCode: '01', gender: 'M', birthDate: '1998-04-04', birthCity: 'Lyon', birthCountryCode: 'FR', citizenshipCountryCode: 'FR', permanentResidenceCountryCode: 'FR' }],
    sites: [
      { name: 'Biology Research Building', address: addr('200 Science Dr', 'Springfield', 'IL', '62703'), isPrimary: true },
      { name: 'Lakeside Field Station', address: addr('4 Shore Rd', 'Petersburg', 'IL', '62675') },
    ] },
    { p: { ...j1, currentStage: 'pre_arrival', campusSiteId: med, sevisId: 'N0031234582', campusId: 'M2000301', firstName: 'Kofi', lastName: 'Mensah',
      email: 'kofi.mensah@example.edu', gender: 'M', birthDate: '2003-03-03', birthCity: 'Kumasi', birthCountryCode: 'GH', citizenshipCountryCode: 'GH',
      permanentResidenceCountryCode: 'GH', sevisStatus: 'Initial', evCategoryCode: '1E', subjectFieldCode: '51.2201', programStartDate: daysAgo(-30),
      programEndDate: daysAgo(-200), documentIssueDate: daysAgo(60), documentIssueReason: 'Begin new program', foreignAddress: abroad('14 Prempeh Rd', 'Kumasi', 'GH') },
    sites: [{ name: 'School of Public Health', address: addr('80 Medical Center Dr', 'Springfield', 'IL', '62702'), isPrimary: true }] },
    { p: { ...j1, currentStage: 'archived', campusSiteId: med, sevisId: 'N0031234583', campusId: 'M2000302', firstName: 'Elif', lastName: 'Yılmaz',
      email: 'elif.yilmaz@example.edu', gender: 'F', birthDate: '2001-08-08', birthCity: 'Izmir', birthCountryCode: 'TR', citizenshipCountryCode: 'TR',
      permanentResidenceCountryCode: 'TR', sevisStatus: 'No Show', sevisStatusDate: daysAgo(90), evCategoryCode: '1E', subjectFieldCode: '51.0401',
      programStartDate: daysAgo(120), programEndDate: daysAgo(-60) } },
    { p: { ...j1, campusSiteId: main, sevisId: 'N0031234584', campusId: 'U1000303', firstName: 'Hiroshi', lastName: 'Sato', email: 'hiroshi.sato@example.edu',
      gender: 'M', birthDate: '1997-12-12', birthCity: 'Sendai', birthCountryCode: 'JP', citizenshipCountryCode: 'JP', permanentResidenceCountryCode: 'JP',
      sevisStatus: 'Active', sevisStatusDate: '2024-08-28', evCategoryCode: '1B', subjectFieldCode: '14.0801', educationLevel: '03',
      programStartDate: '2024-08-21', programEndDate: '2026-08-14', usAddress: addr('61 Station St', 'Springfield', 'IL', '62701') },
    dependents: [
      { firstName: 'Aiko', lastName: 'Sato', relationshipCode: '01', gender: 'F', birthDate: '1998-09-09', birthCity: 'Sendai', birthCountryCode: 'JP', citizenshipCountryCode: 'JP', permanentResidenceCountryCode: 'JP' },
      { firstName: 'Ren', lastName: 'Sato', relationshipCode: '02', gender: 'M', birthDate: '2023-01-15', birthCity: 'Springfield', birthCountryCode: 'US', citizenshipCountryCode: 'JP', permanentResidenceCountryCode: 'JP' },
    ],
    sites: [{ name: 'Civil Engineering Labs', address: addr('10 Engineering Way', 'Springfield', 'IL', '62703'), isPrimary: true }] },
  ];
  const rows = await tx.insert(studentProfiles)
    .values(students.map((s) => ({ institutionId, ...s.p })))
    .returning({ id: studentProfiles.id, firstName: studentProfiles.firstName });
  const deps = students.flatMap((s, i) => (s.dependents ?? []).map((d) => ({ institutionId, profileId: rows[i]!.id, ...d })));
  if (deps.length) await tx.insert(studentDependents).values(deps);
  const sites = students.flatMap((s, i) => (s.sites ?? []).map((x) => ({ institutionId, profileId: rows[i]!.id, name: x.name, address: x.address, isPrimary: !!x.isPrimary })));
  if (sites.length) await tx.insert(studentSitesOfActivity).values(sites);
  // One correction waiting for the office, so the comparison page has something to compare.
  const [correction] = await tx.insert(studentProfileCorrections).values({
    institutionId, profileId: rows[0]!.id, requestedBy: o.studentUserId, reason: 'My passport lists my birth city as Thane, not Mumbai.',
    changes: { birthCity: { from: 'Mumbai', to: 'Thane' } },
  }).returning({ id: studentProfileCorrections.id });
  // Each record's History Log starts where a real one would: created, and Priya's correction asked for.
  await tx.insert(auditEvents).values([
    ...rows.map((r) => ({ institutionId, actorUserId: null, entityType: 'student_profile', entityId: r.id, action: 'student.created', after: { source: 'Demo data' } })),
    { institutionId, actorUserId: o.studentUserId, entityType: 'student_profile', entityId: rows[0]!.id, action: 'student.correction.submitted',
      after: { correctionId: correction!.id, fields: ['birthCity'], reason: 'My passport lists my birth city as Thane, not Mumbai.' } },
  ]);
}
