import { z } from 'zod';
import type { TRole } from './catalog/roles.js';

/**
 * The permission catalogue: '<module>.<action>'. Every server route declares one of these,
 * or 'authenticated' (any signed-in user) or 'public'. The browser uses the same answers to
 * build menus; the server is the one that enforces them.
 */
export const PERMISSIONS = [
  'institutions.settings.read',
  'institutions.settings.update',
  'auth.integration-tokens.manage',
  'people.staff.read',
  'people.staff.manage',
  'people.campus-sites.read',
  'people.campus-sites.manage',
  'people.departments.read',
  'people.identity-links.manage',
  'audit.history.read',
  'audit.logs.read',
  'requests.read',
  'requests.create',
  'requests.process',
  'requests.configure',
  'workflows.manage',
  'attachments.read',
  'attachments.upload',
  'attachments.manage',
  'comments.read',
  'comments.write',
  'forms.read',
  'forms.manage',
  'fields.configure',
  'students.read',
  'students.manage',
  'students.import',
  'students.import.active',
  'students.configure',
  'students.tags.manage',
  'students.self',
  'scholars.read',
  'scholars.manage',
  'scholars.process',
  'scholars.export',
  'scholars.hr-updates',
  'scholars.import',
  'scholars.configure',
  'scholars.department',
  'scholars.department-admin',
  'scholars.self',
  'sevis.read',
  'sevis.batch',
  'sevis.configure',
  'sevis.import',
  'letters.manage',
  'letters.generate',
  'messages.templates.manage',
  'messages.sent.read',
  'messages.sent.resend',
  'messages.mass.send',
  'messages.automated.manage',
  'content.pages.manage',
  'content.pages.read',
  'lookups.read',
  'lookups.manage',
] as const;
export type TPermission = (typeof PERMISSIONS)[number];
export type TRouteAccess = TPermission | 'authenticated' | 'public';

/** Per-site action flags an assistant may hold, assistantSettings (docs/product/people.md#staff-permission-profile). */
export const ASSISTANT_ACTIONS = [
  { key: 'sendemail', label: 'Send e-mail' },
  { key: 'editStudent', label: 'Edit student records' },
  { key: 'processRequests', label: 'Process student requests' },
  { key: 'sevisBatch', label: 'Prepare SEVIS batches' },
] as const;
export type TAssistantAction = (typeof ASSISTANT_ACTIONS)[number]['key'];
export const ZAssistantFlags = z.object({
  sendemail: z.boolean().default(false),
  editStudent: z.boolean().default(false),
  processRequests: z.boolean().default(false),
  sevisBatch: z.boolean().default(false),
});
export type TAssistantFlags = z.infer<typeof ZAssistantFlags>;

/** Student admin menu keys that limitMenu/availableMenuItems can restrict. */
export const STUDENT_MENU_ITEMS = [
  { key: 'student-list', label: 'Student List' },
  { key: 'batch-manager', label: 'Batch Manager' },
  { key: 'student-request-list', label: 'Student Request List' },
  { key: 'actions', label: 'Actions' },
  { key: 'opt-management', label: 'OPT Management' },
  { key: 'configuration', label: 'Configuration' },
] as const;

const ZSiteId = z.number().int().min(0);

/**
 * The scholar area's visa types a staff member may be limited to (docs/product/people.md#scholar-area-permission):
 * a case belongs to the family of its processed visa type, or of the department's proposed status until processed.
 */
export const SCHOLAR_VISA_FAMILIES = ['H-1B', 'O-1', 'J-1', 'F-1 OPT/STEM'] as const;
export type TScholarVisaFamily = (typeof SCHOLAR_VISA_FAMILIES)[number];

/** The family of a case's visa type ('' when not yet known: a proposed "Don't Know", not processed). */
export function scholarVisaFamily(processedState: string, proposedStatus: string): TScholarVisaFamily | '' {
  const s = processedState && processedState !== 'Ineligible' ? processedState : proposedStatus;
  if (s.startsWith('H-1B')) return 'H-1B';
  if (s === 'O-1' || s === 'O-1Amendment' || s === 'o1Extension') return 'O-1';
  if (s === 'J-1' || s === 'F-1 OPT/STEM') return s;
  return '';
}

/** What a staff member may do in the scholar area, each on the cases of their visa types and departments. */
export const SCHOLAR_AREA_ACTIONS = [
  { key: 'view', label: 'View cases', help: 'The dashboard, each case with its documents and history, and Analytics.' },
  { key: 'edit', label: 'Edit cases', help: "A case's office data, employment, premium processing and application form." },
  { key: 'process', label: 'Process cases', help: 'Process sponsorship requests, change statuses, create exchange visitor records.' },
  { key: 'export', label: 'Export', help: 'The Scholar_Export and OPT spreadsheets.' },
] as const;
export type TScholarAreaAction = (typeof SCHOLAR_AREA_ACTIONS)[number]['key'];

/**
 * The scholar area part of a profile. Every action is on by default, every visa type and department
 * (empty lists), so a profile saved before these settings existed keeps the area open as it was.
 */
export const ZScholarArea = z.object({
  view: z.boolean().default(true),
  edit: z.boolean().default(true),
  process: z.boolean().default(true),
  export: z.boolean().default(true),
  /** Empty means every visa type. */
  visaTypes: z.array(z.enum(SCHOLAR_VISA_FAMILIES)).max(SCHOLAR_VISA_FAMILIES.length).default([]),
  /** Empty means every department. */
  departmentIds: z.array(z.string().uuid()).max(500).default([]),
});
export type TScholarArea = z.infer<typeof ZScholarArea>;

/** A staff member's permission profile (docs/product/people.md#staff-permission-profile). */
export const ZStaffPermissions = z.object({
  isSuper: z.boolean().default(false),
  isOfficer: z.boolean().default(false),
  /** Empty, or containing 0, means every site. */
  officerSites: z.array(ZSiteId).default([]),
  isAssistant: z.boolean().default(false),
  assistantSites: z.array(ZSiteId).default([]),
  /** Keyed by site id as a string; '0' applies to every site. */
  assistantSettings: z.record(z.string().regex(/^\d+$/), ZAssistantFlags).default({}),
  websiteContent: z.boolean().default(false),
  limitMenu: z.boolean().default(false),
  availableMenuItems: z.array(z.string().max(64)).max(50).default([]),
  scholarArea: ZScholarArea.prefault({}),
});
export type TStaffPermissions = z.infer<typeof ZStaffPermissions>;

export const EMPTY_STAFF_PERMISSIONS: TStaffPermissions = ZStaffPermissions.parse({});

export interface TActor {
  role: TRole;
  staff: TStaffPermissions | null;
  isDepartmentAdmin: boolean;
}

const anySite = (sites: number[]) => sites.length === 0 || sites.includes(0);

/** Officer reach over one campus site (0 or empty list = any site). */
export function isOfficerForSite(p: TStaffPermissions, siteId: number): boolean {
  return p.isOfficer && (anySite(p.officerSites) || p.officerSites.includes(siteId));
}

/** Assistant flags for a site: the site's own entry, else the '0' (all sites) entry. */
export function assistantFlagsForSite(p: TStaffPermissions, siteId: number): TAssistantFlags | null {
  if (!p.isAssistant) return null;
  if (!(p.assistantSites.includes(siteId) || p.assistantSites.includes(0))) return null;
  return p.assistantSettings[String(siteId)] ?? p.assistantSettings['0'] ?? null;
}

/** Campus permission (docs/product/people.md#campus-permission): super, officer for the site, or assistant with the action flag. */
export function canActOnSite(p: TStaffPermissions | null, siteId: number, action?: TAssistantAction): boolean {
  if (!p) return false;
  if (p.isSuper || isOfficerForSite(p, siteId)) return true;
  if (!action) return false;
  return assistantFlagsForSite(p, siteId)?.[action] === true;
}

/**
 * The campus sites a person belongs to: 'every' for staff whose reach is every site (super users,
 * officers or assistants of every site), the sites of their profile or of their records otherwise,
 * [] for a person of no site (scholars, department users, advisors, staff without sites).
 */
export type TPersonSites = 'every' | number[];

/** The campus sites of a staff member's permission profile (docs/product/people.md#campus-permission). */
export function staffProfileSites(p: TStaffPermissions): TPersonSites {
  if (p.isSuper) return 'every';
  if (p.isOfficer && anySite(p.officerSites)) return 'every';
  if (p.isAssistant && p.assistantSites.includes(0)) return 'every';
  const sites = new Set<number>();
  if (p.isOfficer) for (const s of p.officerSites) sites.add(s);
  if (p.isAssistant) for (const s of p.assistantSites) sites.add(s);
  return [...sites];
}

/**
 * May this staff member read a person's History Log (their sign-ins, addresses and account changes,
 * docs/product/audit.md#who-reads-which-history-log)? Super users: everyone. Officers: a person of
 * one of their sites, or of every site, or of no site at all (as records without a campus site).
 */
export function reachesPersonSites(p: TStaffPermissions | null, sites: TPersonSites): boolean {
  if (!p) return false;
  if (p.isSuper) return true;
  if (!p.isOfficer) return false;
  if (sites === 'every' || sites.length === 0) return true;
  return sites.some((s) => isOfficerForSite(p, s));
}

/**
 * May this staff member take the action in the scholar area at all (docs/product/people.md#scholar-area-permission)?
 * Super users always may; anyone else needs the action and, for anything but viewing, viewing as well.
 */
export function scholarAreaAllows(p: TStaffPermissions | null, action: TScholarAreaAction): boolean {
  if (!p) return false;
  if (p.isSuper) return true;
  return p.scholarArea.view && p.scholarArea[action];
}

/** A case within a staff member's scholar reach: the action, and the case's visa type and department in their lists. */
export function scholarCaseInReach(
  p: TStaffPermissions | null,
  c: { processedState: string; proposedStatus: string; departmentId: string },
  action: TScholarAreaAction,
): boolean {
  if (!scholarAreaAllows(p, action)) return false;
  if (p!.isSuper) return true;
  const { visaTypes, departmentIds } = p!.scholarArea;
  if (departmentIds.length > 0 && !departmentIds.includes(c.departmentId)) return false;
  if (visaTypes.length === 0) return true;
  const family = scholarVisaFamily(c.processedState, c.proposedStatus);
  // A case whose visa type is not known yet is the whole office's to see.
  return family === '' || visaTypes.includes(family);
}

/**
 * The scholar area of a profile in words when the office narrowed it ("Scholar area: view, export; H-1B; 2
 * departments", "No scholar area"), null when it is open (every action, visa type and department) or a super user's.
 */
export function scholarAreaSummary(p: TStaffPermissions): string | null {
  if (p.isSuper) return null;
  const a = p.scholarArea;
  if (!a.view) return 'No scholar area';
  const actions = SCHOLAR_AREA_ACTIONS.filter((x) => a[x.key]);
  if (actions.length === SCHOLAR_AREA_ACTIONS.length && !a.visaTypes.length && !a.departmentIds.length) return null;
  const parts = [actions.map((x) => x.key).join(', ')];
  if (a.visaTypes.length) parts.push(a.visaTypes.join(', '));
  if (a.departmentIds.length) parts.push(`${a.departmentIds.length} ${a.departmentIds.length === 1 ? 'department' : 'departments'}`);
  return `Scholar area: ${parts.join('; ')}`;
}

/** May this actor use the student admin area at all (docs/product/people.md#campus-permission)? */
export function hasStudentAreaAccess(p: TStaffPermissions | null): boolean {
  if (!p) return false;
  return p.isSuper || p.isOfficer || (p.isAssistant && p.assistantSites.length > 0);
}

const RULES: Record<TPermission, (a: TActor) => boolean> = {
  'institutions.settings.read': (a) => a.role === 'isssAdmin',
  'institutions.settings.update': (a) => a.role === 'isssAdmin' && !!a.staff?.isSuper,
  // Integration tokens act for their issuer (docs/product/integration-tokens.md): issued by super users and officers.
  'auth.integration-tokens.manage': (a) => a.role === 'isssAdmin' && !!(a.staff?.isSuper || a.staff?.isOfficer),
  'people.staff.read': (a) => a.role === 'isssAdmin' && !!(a.staff?.isSuper || a.staff?.isOfficer),
  'people.staff.manage': (a) => a.role === 'isssAdmin' && !!(a.staff?.isSuper || a.staff?.isOfficer),
  'people.campus-sites.read': (a) => a.role === 'isssAdmin',
  // Adding, renaming, deactivating and deleting campus sites (docs/product/people.md#campus-sites): super users only,
  // as a site bounds every officer's and assistant's reach.
  'people.campus-sites.manage': (a) => a.role === 'isssAdmin' && !!a.staff?.isSuper,
  'people.departments.read': (a) => a.role === 'isssAdmin' || a.role === 'department',
  // The Integrated User Tool (docs/product/integrated-user-tool.md#who-may-use-it): super users and officers link
  // portal accounts to student and scholar records; which records is decided per record (campus site, scholar area).
  'people.identity-links.manage': (a) => a.role === 'isssAdmin' && !!(a.staff?.isSuper || a.staff?.isOfficer),
  'audit.history.read': (a) => a.role === 'isssAdmin' && !!(a.staff?.isSuper || a.staff?.isOfficer),
  // The office's Logs (docs/product/logs.md#who-may-read-the-logs): super users and officers of every campus site
  // (the trail holds the before and after of every site's records).
  'audit.logs.read': (a) => a.role === 'isssAdmin' && !!(a.staff?.isSuper || (a.staff?.isOfficer && anySite(a.staff.officerSites))),
  // Requests: the function check only says "this kind of user deals with requests"; which request
  // is decided per record (requests module, request.policy.ts).
  'requests.read': (a) =>
    ['ISSSstudent', 'scholar', 'department'].includes(a.role) || (a.role === 'isssAdmin' && processesRequests(a.staff)),
  'requests.create': (a) => ['ISSSstudent', 'scholar', 'department'].includes(a.role),
  'requests.process': (a) => a.role === 'isssAdmin' && processesRequests(a.staff),
  'requests.configure': (a) => a.role === 'isssAdmin' && !!(a.staff?.isSuper || a.staff?.isOfficer),
  'workflows.manage': (a) => a.role === 'isssAdmin' && !!(a.staff?.isSuper || a.staff?.isOfficer),
  // Files and comments: the record-level check (getAccessibleRequest) decides which ones; advisors act through links.
  'attachments.read': (a) => a.role !== 'advisor',
  'attachments.upload': (a) => a.role !== 'advisor',
  'attachments.manage': (a) => a.role === 'isssAdmin',
  'comments.read': (a) => a.role !== 'advisor',
  'comments.write': (a) => a.role !== 'advisor',
  // Any office staff may read questionnaires and lookups; super users and officers build them.
  'forms.read': (a) => a.role === 'isssAdmin',
  'forms.manage': (a) => a.role === 'isssAdmin' && !!(a.staff?.isSuper || a.staff?.isOfficer),
  // Field configuration (docs/product/field-configuration.md#who-may-configure): the settings apply to every campus
  // site's forms, so super users and officers of every site change them; every signed-in user reads their own role's.
  'fields.configure': (a) => a.role === 'isssAdmin' && !!(a.staff?.isSuper || (a.staff?.isOfficer && anySite(a.staff.officerSites))),
  // Students: the function check says "uses the student area"; which record (campus site) is decided
  // per record in modules/students/student.policy.ts (canActOnSite, docs/product/people.md#campus-permission).
  'students.read': (a) => a.role === 'isssAdmin' && hasStudentAreaAccess(a.staff),
  'students.manage': (a) => a.role === 'isssAdmin' && hasStudentAreaAccess(a.staff),
  'students.import': (a) => a.role === 'isssAdmin' && !!(a.staff?.isSuper || a.staff?.isOfficer),
  // The SIS enrolment feed (docs/product/active-student-import.md#who-may-do-what): super users and officers; which
  // rows they apply is decided per record by its campus site (students/active-import, staffReachesProfile).
  'students.import.active': (a) => a.role === 'isssAdmin' && !!(a.staff?.isSuper || a.staff?.isOfficer),
  'students.configure': (a) => a.role === 'isssAdmin' && !!(a.staff?.isSuper || a.staff?.isOfficer),
  // Renaming, merging or removing a tag changes records at every campus site (docs/product/students-records.md#tags):
  // super users and officers of every site.
  'students.tags.manage': (a) => a.role === 'isssAdmin' && !!(a.staff?.isSuper || (a.staff?.isOfficer && anySite(a.staff.officerSites))),
  'students.self': (a) => a.role === 'ISSSstudent',
  // Scholars: the admin shell's scholar area is open to office staff by default (docs/product/shells.md#admin-shell)
  // and the office may narrow it per person: view, edit, process, export, and which visa types and departments
  // (docs/product/people.md#scholar-area-permission; per case in modules/scholars/scholar.policy.ts). Super users and
  // officers who see the area configure it. Department users reach only their department's cases and scholars
  // only their own: both checked per record in modules/scholars/scholar.policy.ts.
  'scholars.read': (a) => a.role === 'isssAdmin' && scholarAreaAllows(a.staff, 'view'),
  'scholars.manage': (a) => a.role === 'isssAdmin' && scholarAreaAllows(a.staff, 'edit'),
  'scholars.process': (a) => a.role === 'isssAdmin' && scholarAreaAllows(a.staff, 'process'),
  'scholars.export': (a) => a.role === 'isssAdmin' && scholarAreaAllows(a.staff, 'export'),
  // Scholar HR Updates (docs/product/scholar-hr-updates.md#who-may-do-what): super users and officers who may edit scholar
  // cases; which cases they change is decided per case by its campus site and their scholar area (scholars/hr-updates).
  'scholars.hr-updates': (a) => a.role === 'isssAdmin' && !!(a.staff?.isSuper || a.staff?.isOfficer) && scholarAreaAllows(a.staff, 'edit'),
  // Convert from Legacy (docs/product/convert-from-legacy.md#who-may-do-what): super users and officers who may
  // edit scholar cases; each row's department and visa type must be in their scholar area (scholars/legacy-convert).
  'scholars.import': (a) => a.role === 'isssAdmin' && !!(a.staff?.isSuper || a.staff?.isOfficer) && scholarAreaAllows(a.staff, 'edit'),
  'scholars.configure': (a) => a.role === 'isssAdmin' && !!(a.staff?.isSuper || a.staff?.isOfficer) && scholarAreaAllows(a.staff, 'view'),
  'scholars.department': (a) => a.role === 'department',
  'scholars.department-admin': (a) => a.role === 'department' && a.isDepartmentAdmin,
  'scholars.self': (a) => a.role === 'scholar',
  // SEVIS (docs/product/sevis-batches.md#who-may-do-what): the function check says "works on SEVIS batches";
  // which campus site's batches is decided per record in modules/sevis (canActOnSite with the assistant's
  // sevisBatch flag), and sending needs the SEVIS Permissions (a DSO for F, an ARO for J) as well.
  'sevis.read': (a) => a.role === 'isssAdmin' && hasStudentAreaAccess(a.staff),
  'sevis.batch': (a) => a.role === 'isssAdmin' && preparesSevisBatches(a.staff),
  // SEVIS Permissions and the imports (RTI lists, transaction logs) are for super users and officers
  // (docs/product/sevis-settings.md#who-may-do-what, docs/product/sevis-rti.md#who-may-do-what).
  'sevis.configure': (a) => a.role === 'isssAdmin' && !!(a.staff?.isSuper || a.staff?.isOfficer),
  'sevis.import': (a) => a.role === 'isssAdmin' && !!(a.staff?.isSuper || a.staff?.isOfficer),
  // Letters (docs/product/letters.md#who-may-do-what): super users and officers write the templates; staff who
  // may change a student record write letters for it (which record: students/student.policy.ts, per record).
  'letters.manage': (a) => a.role === 'isssAdmin' && !!(a.staff?.isSuper || a.staff?.isOfficer),
  'letters.generate': (a) => a.role === 'isssAdmin' && hasStudentAreaAccess(a.staff),
  // E-mail templates and the wording of the system's messages (docs/product/messages.md#who-may-edit-templates).
  'messages.templates.manage': (a) => a.role === 'isssAdmin' && !!(a.staff?.isSuper || a.staff?.isOfficer),
  // The Sent Email log (docs/product/messages.md#who-sees-which-mail): super users and officers see all the
  // office's mail, assistants the mail about records at their sites and what they sent (decided per message in
  // modules/messages/sent/sent-mail.policy.ts); super users and officers send a failed message again.
  'messages.sent.read': (a) => a.role === 'isssAdmin' && hasStudentAreaAccess(a.staff),
  'messages.sent.resend': (a) => a.role === 'isssAdmin' && !!(a.staff?.isSuper || a.staff?.isOfficer),
  // Email Communications (docs/product/messages.md#who-may-send-mass-e-mail): super users, officers, and assistants
  // holding the sendemail flag for a site; which records each may reach is decided per record by the recipient sources.
  'messages.mass.send': (a) => a.role === 'isssAdmin' && sendsMassEmail(a.staff),
  // Automated e-mail (docs/product/messages.md#automated-e-mail): super users and officers turn the portal's own
  // messages and reminders on or off, per visa type, and set the reminders' lead times.
  'messages.automated.manage': (a) => a.role === 'isssAdmin' && !!(a.staff?.isSuper || a.staff?.isOfficer),
  // Site Pages (docs/product/site-pages.md#who-may-do-what): staff holding the website-content flag, and super users,
  // write and publish the office's pages; students and scholars read the published pages meant for them.
  'content.pages.manage': (a) => a.role === 'isssAdmin' && !!(a.staff?.isSuper || a.staff?.websiteContent),
  'content.pages.read': (a) => a.role === 'ISSSstudent' || a.role === 'scholar',
  // Lookups (docs/product/lookups.md#who-may-do-what): every signed-in role that fills forms reads the lists; super users
  // and officers of every campus site manage them, as a list serves the records of every site.
  'lookups.read': (a) => a.role !== 'advisor',
  'lookups.manage': (a) => a.role === 'isssAdmin' && !!(a.staff?.isSuper || (a.staff?.isOfficer && anySite(a.staff.officerSites))),
};

/** Super users, officers, and assistants holding the sendemail flag for at least one site. */
export function sendsMassEmail(p: TStaffPermissions | null): boolean {
  if (!p) return false;
  if (p.isSuper || p.isOfficer) return true;
  return p.isAssistant && p.assistantSites.length > 0 && Object.values(p.assistantSettings).some((f) => f.sendemail);
}

/** Super users, officers, and assistants holding the sevisBatch flag for at least one site. */
export function preparesSevisBatches(p: TStaffPermissions | null): boolean {
  if (!p) return false;
  if (p.isSuper || p.isOfficer) return true;
  return p.isAssistant && p.assistantSites.length > 0 && Object.values(p.assistantSettings).some((f) => f.sevisBatch);
}

/** Super users, officers, and assistants holding the processRequests flag for at least one site. */
export function processesRequests(p: TStaffPermissions | null): boolean {
  if (!p) return false;
  if (p.isSuper || p.isOfficer) return true;
  return p.isAssistant && p.assistantSites.length > 0 && Object.values(p.assistantSettings).some((f) => f.processRequests);
}

/** The function-level check, the same on both sides. */
export function can(actor: TActor | null, access: TRouteAccess): boolean {
  if (access === 'public') return true;
  if (!actor) return false;
  if (access === 'authenticated') return true;
  return RULES[access](actor);
}

/** A scholar area no wider than the granter's: no action they lack, no visa type or department outside theirs. */
function scholarAreaWithin(granted: TScholarArea, held: TScholarArea): boolean {
  // A closed area grants nothing, whatever else is ticked.
  if (!granted.view) return true;
  const actions = SCHOLAR_AREA_ACTIONS.map((a) => a.key);
  if (actions.some((k) => granted[k] && !held[k])) return false;
  const within = (g: readonly string[], h: readonly string[]) => h.length === 0 || (g.length > 0 && g.every((x) => h.includes(x)));
  return within(granted.visaTypes, held.visaTypes) && within(granted.departmentIds, held.departmentIds);
}

function sitesWithin(granted: number[], held: number[]): boolean {
  if (anySite(held)) return true;
  if (anySite(granted)) return false;
  return granted.every((s) => held.includes(s));
}

/**
 * "Nobody can grant a permission they do not hold": returns the first field the granter may not
 * set, or null. Applied both to the profile being granted and to the target's current profile, so
 * an officer cannot edit (or strip) someone who holds more than they do.
 */
export function firstUngrantable(granter: TStaffPermissions, p: TStaffPermissions): keyof TStaffPermissions | null {
  if (granter.isSuper) return null;
  if (p.isSuper) return 'isSuper';
  if (p.websiteContent && !granter.websiteContent) return 'websiteContent';
  if (!scholarAreaWithin(p.scholarArea, granter.scholarArea)) return 'scholarArea';
  if (!granter.isOfficer) {
    // Only super users and officers manage staff; this is defence in depth.
    if (p.isOfficer) return 'isOfficer';
    if (p.isAssistant) return 'isAssistant';
    return null;
  }
  if (p.isOfficer && !sitesWithin(p.officerSites, granter.officerSites)) return 'officerSites';
  if (p.isAssistant) {
    if (!sitesWithin(p.assistantSites, granter.officerSites)) return 'assistantSites';
    const keys = Object.keys(p.assistantSettings).map(Number);
    if (keys.length > 0 && !sitesWithin(keys, granter.officerSites)) return 'assistantSettings';
  }
  // limitMenu narrows; a granter who is limited may only hand out the items they have.
  if (granter.limitMenu) {
    if (!p.limitMenu) return 'limitMenu';
    if (!p.availableMenuItems.every((i) => granter.availableMenuItems.includes(i))) return 'availableMenuItems';
  }
  return null;
}
