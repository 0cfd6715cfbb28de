import { asc, eq } from 'drizzle-orm';
import type { formsApi } from '@meridian/domain';
import { requireActor, type TContext } from '../../../platform/http/context.js';
import { customQuestions } from '../schema.js';
import { presentCustomQuestion } from '../custom-question-fields.js';

/** The custom questions not deleted. */
export async function listCustomQuestions(ctx: TContext): Promise<formsApi.TCustomQuestion[]> {
  requireActor(ctx);
  return ctx.db(async (tx) =>
    (
      await tx
        .select()
        .from(customQuestions)
        .where(eq(customQuestions.isDeleted, false))
        .orderBy(asc(customQuestions.ordinal), asc(customQuestions.createdAt), asc(customQuestions.id))
    ).map(presentCustomQuestion),
  );
}
