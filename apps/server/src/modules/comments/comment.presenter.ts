import { inArray } from 'drizzle-orm';
import { type TComment } from '@meridian/domain';
import type { TTx } from '../../platform/db/database.js';
import { type TAuthenticatedActor } from '../../platform/http/context.js';
import { users } from '../people/index.js';
import { type TCommentSubjectType } from './comment.policy.js';
import { type comments } from './schema.js';

export type TCommentRow = typeof comments.$inferSelect;

/** Comments as the API shows them, with their authors' names and what the caller may do to each. */
export async function presentComments(tx: TTx, actor: TAuthenticatedActor, rows: TCommentRow[]): Promise<TComment[]> {
  const ids = [...new Set(rows.map((r) => r.authorUserId))];
  const authors = ids.length
    ? await tx.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).where(inArray(users.id, ids))
    : [];
  const names = new Map(authors.map((a) => [a.id, `${a.firstName} ${a.lastName}`.trim()]));
  return rows.map((r) => ({
    id: r.id,
    subjectType: r.subjectType as TCommentSubjectType,
    subjectId: r.subjectId,
    body: r.body,
    isInternal: r.isInternal,
    author: { userId: r.authorUserId, name: names.get(r.authorUserId) ?? '' },
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    isEdited: r.updatedAt.getTime() - r.createdAt.getTime() > 1000,
    canEdit: r.authorUserId === actor.userId && !r.deletedAt,
  }));
}

/** A comment's fields as the History Log records them. */
export const commentAuditShape = (r: TCommentRow) => ({
  subjectType: r.subjectType,
  subjectId: r.subjectId,
  body: r.body,
  isInternal: r.isInternal,
  deleted: !!r.deletedAt,
});
