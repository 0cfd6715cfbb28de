import { z } from 'zod';
import { MSG } from '../../messages.js';
import { ZStaffPermissions } from '../../permissions.js';
import { defineRoute, ZPage, ZPageQuery } from '../define.js';

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

export const ZCampusSite = z.object({ id: z.number().int(), name: z.string(), code: z.string() });
export type TCampusSite = z.infer<typeof ZCampusSite>;
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
export const listDepartments = defineRoute({
  method: 'GET',
  path: '/api/departments',
  access: 'people.departments.read',
  tags: ['people'],
  summary: 'Departments of the institution',
  response: z.array(ZDepartment),
});
