import { z } from 'zod';
import { MSG } from '../../messages.js';
import { ZStaffPermissions } from '../../permissions.js';
import { defineRoute, MAX_SERIAL_ID, ZOk, ZPage, ZPageQuery } from '../define.js';

export const ZStaffMember = z.object({
  userId: z.uuid(),
  userName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  isActive: z.boolean(),
  /** Invited and has not set a password yet. */
  isPending: z.boolean(),
  lastLoginAt: z.string().nullable(),
  permissions: ZStaffPermissions,
  /** Whether the caller may change this person (grant rule). */
  canManage: z.boolean(),
});
export type TStaffMember = z.infer<typeof ZStaffMember>;

export const STAFF_SORTS = ['lastName', 'userName', 'email', 'lastLoginAt'] as const;
export const ZListStaffQuery = ZPageQuery.extend({
  q: z.string().trim().max(100).optional(),
  status: z.enum(['active', 'inactive', 'all']).default('active'),
  sort: z.enum(STAFF_SORTS).default('lastName'),
  order: z.enum(['asc', 'desc']).default('asc'),
});
export type TListStaffQuery = z.infer<typeof ZListStaffQuery>;

export const ZUserIdParams = z.object({ userId: z.uuid({ error: MSG.notFound }) });

export const ZInviteStaffInput = z.object({
  firstName: z.string().trim().min(1, MSG.required).max(60, MSG.invalidLength),
  lastName: z.string().trim().min(1, MSG.required).max(60, MSG.invalidLength),
  email: z
    .string()
    .trim()
    .min(1, MSG.required)
    .max(65, MSG.invalidLength)
    .pipe(z.email({ error: MSG.invalidEmail })),
  userName: z
    .string()
    .trim()
    .min(1, MSG.required)
    .min(3, MSG.invalidLength)
    .max(60, MSG.invalidLength)
    .regex(/^[A-Za-z0-9._@-]+$/, 'Use letters, digits and . _ @ - only'),
  permissions: ZStaffPermissions,
});
export type TInviteStaffInput = z.infer<typeof ZInviteStaffInput>;

export const ZUpdateStaffPermissionsInput = z.object({ permissions: ZStaffPermissions });

/** A campus site; an inactive one keeps its records but is not offered for new ones (docs/product/people.md#campus-sites). */
export const ZCampusSite = z.object({ id: z.number().int(), name: z.string(), code: z.string(), isActive: z.boolean() });
export type TCampusSite = z.infer<typeof ZCampusSite>;

/** What may refer to a campus site; a site anything refers to cannot be deleted, only deactivated. */
export const CAMPUS_SITE_USE_KINDS = [
  'studentRecords',
  'requests',
  'staff',
  'accounts',
  'scholarCases',
  'sevisSettings',
  'studentImports',
  'assignmentRules',
] as const;
export type TCampusSiteUseKind = (typeof CAMPUS_SITE_USE_KINDS)[number];
/** How many of each kind refer to a site (kinds with none are left out). */
export const ZCampusSiteUses = z.partialRecord(z.enum(CAMPUS_SITE_USE_KINDS), z.number().int());
export type TCampusSiteUses = z.infer<typeof ZCampusSiteUses>;

const USE_WORDS: Record<TCampusSiteUseKind, [string, string]> = {
  studentRecords: ['student record', 'student records'],
  requests: ['request', 'requests'],
  staff: ['staff permission profile', 'staff permission profiles'],
  accounts: ['portal account', 'portal accounts'],
  scholarCases: ['scholar case', 'scholar cases'],
  sevisSettings: ['SEVIS setting or DSO/ARO', 'SEVIS settings and DSOs/AROs'],
  studentImports: ['student upload', 'student uploads'],
  assignmentRules: ['request assignment rule', 'request assignment rules'],
};

/** "25 student records, 3 requests and 1 portal account": what refers to a site, in words ('' for nothing). */
export function describeCampusSiteUses(uses: TCampusSiteUses): string {
  const parts = CAMPUS_SITE_USE_KINDS.filter((k) => (uses[k] ?? 0) > 0).map((k) => {
    const n = uses[k]!;
    return `${n} ${USE_WORDS[k][n === 1 ? 0 : 1]}`;
  });
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]!}`;
}

export const ZManagedCampusSite = ZCampusSite.extend({ uses: ZCampusSiteUses, totalUses: z.number().int() });
export type TManagedCampusSite = z.infer<typeof ZManagedCampusSite>;

export const CAMPUS_SITE_CODE_TAKEN = 'A campus site with this code already exists.';
export const CAMPUS_SITE_NAME_TAKEN = 'A campus site with this name already exists.';

export const ZCampusSiteInput = z.object({
  name: z.string().trim().min(1, MSG.required).max(120, 'Use at most 120 characters.'),
  code: z
    .string()
    .trim()
    .min(1, MSG.required)
    .max(20, 'Use at most 20 characters.')
    .regex(/^[A-Za-z0-9-]+$/, 'Use letters, digits and hyphens only.'),
});
export type TCampusSiteInput = z.infer<typeof ZCampusSiteInput>;
export const ZUpdateCampusSiteInput = ZCampusSiteInput.extend({ isActive: z.boolean() });
export type TUpdateCampusSiteInput = z.infer<typeof ZUpdateCampusSiteInput>;

export const ZCampusSiteParams = z.object({
  siteId: z.coerce.number({ error: MSG.notFound }).int(MSG.notFound).positive(MSG.notFound).max(MAX_SERIAL_ID, MSG.notFound),
});
export const ZDepartment = z.object({ id: z.uuid(), name: z.string(), code: z.string() });
export type TDepartment = z.infer<typeof ZDepartment>;

export const listStaff = defineRoute({
  method: 'GET',
  path: '/api/staff',
  access: 'people.staff.read',
  tags: ['people'],
  summary: 'Staff Management list (paged, sorted and filtered on the server)',
  query: ZListStaffQuery,
  response: ZPage(ZStaffMember),
});
export const getStaffMember = defineRoute({
  method: 'GET',
  path: '/api/staff/:userId',
  access: 'people.staff.read',
  tags: ['people'],
  summary: 'One staff member',
  params: ZUserIdParams,
  response: ZStaffMember,
});
export const inviteStaff = defineRoute({
  method: 'POST',
  path: '/api/staff',
  access: 'people.staff.manage',
  // docs/product/two-step-sign-in.md#confirm-its-you
  secondStep: 'recent',
  tags: ['people'],
  summary: 'Invite a staff member: creates the account and e-mails a set-password link',
  body: ZInviteStaffInput,
  response: ZStaffMember,
});
export const updateStaffPermissions = defineRoute({
  method: 'PUT',
  path: '/api/staff/:userId/permissions',
  access: 'people.staff.manage',
  // docs/product/two-step-sign-in.md#confirm-its-you
  secondStep: 'recent',
  tags: ['people'],
  summary: "Set a staff member's permissions (never beyond the caller's own)",
  params: ZUserIdParams,
  body: ZUpdateStaffPermissionsInput,
  response: ZStaffMember,
});
export const deactivateStaff = defineRoute({
  method: 'POST',
  path: '/api/staff/:userId/deactivate',
  access: 'people.staff.manage',
  tags: ['people'],
  summary: 'Deactivate a staff member and end all their sessions',
  params: ZUserIdParams,
  response: ZStaffMember,
});
export const reactivateStaff = defineRoute({
  method: 'POST',
  path: '/api/staff/:userId/reactivate',
  access: 'people.staff.manage',
  // docs/product/two-step-sign-in.md#confirm-its-you
  secondStep: 'recent',
  tags: ['people'],
  summary: 'Reactivate a staff member',
  params: ZUserIdParams,
  response: ZStaffMember,
});
export const resendStaffInvitation = defineRoute({
  method: 'POST',
  path: '/api/staff/:userId/resend-invitation',
  access: 'people.staff.manage',
  tags: ['people'],
  summary: 'E-mail a new set-password link to an invited staff member',
  params: ZUserIdParams,
  response: ZStaffMember,
});
export const listCampusSites = defineRoute({
  method: 'GET',
  path: '/api/campus-sites',
  access: 'people.campus-sites.read',
  tags: ['people'],
  summary: 'Campus sites of the institution',
  response: z.array(ZCampusSite),
});
export const listManagedCampusSites = defineRoute({
  method: 'GET',
  path: '/api/campus-sites/manage',
  access: 'people.campus-sites.manage',
  tags: ['people'],
  summary: 'Campus Sites page: every campus site with how many records, requests, staff and settings refer to it',
  response: z.array(ZManagedCampusSite),
});
export const createCampusSite = defineRoute({
  method: 'POST',
  path: '/api/campus-sites',
  access: 'people.campus-sites.manage',
  tags: ['people'],
  summary: 'Add a campus site (name and code, the code unique in the institution)',
  // Staff reach records by campus site: changing the sites changes who reaches what.
  secondStep: 'recent',
  body: ZCampusSiteInput,
  response: ZManagedCampusSite,
});
export const updateCampusSite = defineRoute({
  method: 'PUT',
  path: '/api/campus-sites/:siteId',
  access: 'people.campus-sites.manage',
  tags: ['people'],
  summary: 'Rename a campus site, change its code, or deactivate / reactivate it',
  // Staff reach records by campus site: changing the sites changes who reaches what.
  secondStep: 'recent',
  params: ZCampusSiteParams,
  body: ZUpdateCampusSiteInput,
  response: ZManagedCampusSite,
});
export const deleteCampusSite = defineRoute({
  method: 'DELETE',
  path: '/api/campus-sites/:siteId',
  access: 'people.campus-sites.manage',
  tags: ['people'],
  summary: 'Delete a campus site nothing refers to (409 when anything does: deactivate it instead)',
  // Staff reach records by campus site: changing the sites changes who reaches what.
  secondStep: 'recent',
  params: ZCampusSiteParams,
  response: ZOk,
});
export const listDepartments = defineRoute({
  method: 'GET',
  path: '/api/departments',
  access: 'people.departments.read',
  tags: ['people'],
  summary: 'Departments of the institution',
  response: z.array(ZDepartment),
});
