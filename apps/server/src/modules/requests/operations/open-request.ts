import { eq } from 'drizzle-orm';
import type { TTx } from '../../../platform/db/database.js';
import { AppError } from '../../../platform/errors/app-error.js';
import { type TContext } from '../../../platform/http/context.js';
import type { TRequestRow } from '../request.policy.js';
import { requests, requestTypes } from '../schema.js';
import { nextRequestNumber } from '../request-numbers.js';

/**
 * Opens a request for a module that starts requests itself (the office starting one for a student, a
 * department's sponsorship request, a scholar's program application), numbered in the institution's
 * sequence. The type is named by its id or its code; the caller audits the start on its own record.
 */
export async function openRequest(
  tx: TTx,
  ctx: TContext,
  input: {
    type: { id: string } | { code: string };
    requesterUserId: string;
    subjectUserId: string | null;
    departmentId?: string | null | undefined;
    campusSiteId?: number | null | undefined;
    profileId?: string | null | undefined;
    title: string;
    data?: Record<string, unknown> | undefined;
  },
): Promise<TRequestRow> {
  const [type] = await tx
    .select()
    .from(requestTypes)
    .where('id' in input.type ? eq(requestTypes.id, input.type.id) : eq(requestTypes.code, input.type.code));
  if (!type) {
    const name = 'id' in input.type ? input.type.id : input.type.code;
    throw new AppError(500, 'NO_REQUEST_TYPE', `The request type ${name} is missing; it was not set up for this institution.`);
  }
  const [row] = await tx
    .insert(requests)
    .values({
      institutionId: ctx.institutionId,
      number: await nextRequestNumber(tx, ctx.institutionId),
      requestTypeId: type.id,
      requesterUserId: input.requesterUserId,
      subjectUserId: input.subjectUserId,
      departmentId: input.departmentId ?? null,
      campusSiteId: input.campusSiteId ?? null,
      profileId: input.profileId ?? null,
      title: input.title,
      ...(input.data ? { data: input.data } : {}),
    })
    .returning();
  return row!;
}
