import { z } from 'zod';
import { MSG } from '../../messages.js';
import { defineRoute, ZOk } from '../define.js';

/** Comment pages hold 20 (docs/product/comments.md#rules). */
export const COMMENT_PAGE_SIZE = 20;
export const COMMENT_MAX = 4000;
export const COMMENT_SUBJECTS = ['request', 'user'] as const;

export const ZComment = z.object({
  id: z.uuid(),
  subjectType: z.enum(COMMENT_SUBJECTS),
  subjectId: z.uuid(),
  body: z.string(),
  isInternal: z.boolean(),
  author: z.object({ userId: z.uuid(), name: z.string() }),
  createdAt: z.string(),
  updatedAt: z.string(),
  isEdited: z.boolean(),
  canEdit: z.boolean(),
});
export type TComment = z.infer<typeof ZComment>;

const ZSubject = z.object({
  subjectType: z.enum(COMMENT_SUBJECTS, { error: MSG.invalidValue }),
  subjectId: z.uuid({ error: MSG.notFound }),
});
const ZBody = z.string().trim().min(1, MSG.required).max(COMMENT_MAX, MSG.invalidLength);

export const listComments = defineRoute({
  method: 'GET',
  path: '/api/comments',
  access: 'comments.read',
  tags: ['comments'],
  summary: 'Comments on a request or record, newest first, pages of 20',
  query: ZSubject.extend({ page: z.coerce.number().int().min(1).default(1) }),
  response: z.object({ items: z.array(ZComment), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() }),
});
export const createComment = defineRoute({
  method: 'POST',
  path: '/api/comments',
  access: 'comments.write',
  tags: ['comments'],
  summary: 'Comment on a request or record; office staff may add internal notes',
  body: ZSubject.extend({ body: ZBody, isInternal: z.boolean().default(false) }),
  response: ZComment,
});
export const ZCommentIdParams = z.object({ commentId: z.uuid({ error: MSG.notFound }) });
export const updateComment = defineRoute({
  method: 'PUT',
  path: '/api/comments/:commentId',
  access: 'comments.write',
  tags: ['comments'],
  summary: 'Edit your own comment',
  params: ZCommentIdParams,
  body: z.object({ body: ZBody }),
  response: ZComment,
});
export const deleteComment = defineRoute({
  method: 'DELETE',
  path: '/api/comments/:commentId',
  access: 'comments.write',
  tags: ['comments'],
  summary: 'Delete your own comment',
  params: ZCommentIdParams,
  response: ZOk,
});
