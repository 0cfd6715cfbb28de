import { and, asc, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { formsApi } from '@meridian/domain';
import type { TTx } from '../../../platform/db/database.js';
import { questionnaires, questionnaireVersions } from '../schema.js';

/** Form Management list: keywords, program type and Active/Retired in the database, paged and sorted by name. */
export async function listQuestionnairesQuery(tx: TTx, q: formsApi.TListQuestionnairesQuery) {
  const where: SQL[] = [eq(questionnaires.programType, q.programType), eq(questionnaires.isRetired, q.bRetired === '1')];
  if (q.keywords) {
    const like = `%${q.keywords.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(or(ilike(questionnaires.name, like), ilike(questionnaires.description, like))!);
  }
  const dir = q.order === 'desc' ? desc : asc;
  const [{ total }] = (await tx
    .select({ total: count() })
    .from(questionnaires)
    .where(and(...where))) as [{ total: number }];
  const rows = await tx
    .select()
    .from(questionnaires)
    .where(and(...where))
    .orderBy(dir(questionnaires.name), asc(questionnaires.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  const latest = await latestVersions(
    tx,
    rows.map((r) => r.id),
  );
  return { rows: rows.map((r) => ({ row: r, version: latest.get(r.id)! })), total: Number(total) };
}

/** The newest version of each questionnaire. */
export async function latestVersions(tx: TTx, ids: string[]) {
  if (ids.length === 0) return new Map<string, typeof questionnaireVersions.$inferSelect>();
  const versions = await tx
    .selectDistinctOn([questionnaireVersions.questionnaireId])
    .from(questionnaireVersions)
    .where(inArray(questionnaireVersions.questionnaireId, ids))
    .orderBy(questionnaireVersions.questionnaireId, desc(questionnaireVersions.versionNo));
  return new Map(versions.map((v) => [v.questionnaireId, v]));
}
