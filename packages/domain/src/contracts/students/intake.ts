// The students module's intake routes: inviting students to the portal, Newly Admitted Students,
// and the batch upload of student records (CSV / XLSX, previewed, committed all-or-nothing).
import { z } from 'zod';
import { MSG } from '../../messages.js';
import { defineRoute, ZPage, ZPageQuery } from '../define.js';

export const ZInviteProfileParams = z.object({ profileId: z.uuid({ error: MSG.notFound }) });

/** What inviting one student did: created the account and sent the link, or sent the link again. */
export const ZInviteResult = z.object({
  profileId: z.uuid(),
  userId: z.uuid(),
  userName: z.string(),
  email: z.string(),
  outcome: z.enum(['invited', 'resent']),
  invitedAt: z.string(),
});
export type TInviteResult = z.infer<typeof ZInviteResult>;

export const INVITE_BULK_MAX = 200;
export const ZBulkInviteInput = z.object({
  profileIds: z
    .array(z.uuid({ error: MSG.notFound }))
    .min(1, 'Select at least one student.')
    .max(INVITE_BULK_MAX, `Invite at most ${INVITE_BULK_MAX} students at a time.`),
});
export type TBulkInviteInput = z.infer<typeof ZBulkInviteInput>;

/** One line per record of a bulk invitation: done, or why not. */
export const ZBulkInviteRow = z.object({
  profileId: z.uuid(),
  ok: z.boolean(),
  outcome: z.enum(['invited', 'resent']).optional(),
  message: z.string(),
});
export const ZBulkInviteOutput = z.object({
  results: z.array(ZBulkInviteRow),
  invited: z.number().int(),
  resent: z.number().int(),
  failed: z.number().int(),
});
export type TBulkInviteOutput = z.infer<typeof ZBulkInviteOutput>;

export const inviteStudent = defineRoute({
  method: 'POST', path: '/api/students/:profileId/invite', access: 'students.manage', tags: ['students'],
  summary: 'Invite a student to the portal: creates the account (user name = e-mail) and e-mails a set-up link; sends it again while the student has not signed in',
  params: ZInviteProfileParams, response: ZInviteResult,
});
export const inviteStudents = defineRoute({
  method: 'POST', path: '/api/students/invite', access: 'students.manage', tags: ['students'],
  summary: 'Invite several students to the portal (up to 200), with a result per record',
  body: ZBulkInviteInput, response: ZBulkInviteOutput,
});
