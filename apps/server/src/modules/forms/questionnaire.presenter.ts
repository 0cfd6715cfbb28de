import { can, type formsApi } from '@meridian/domain';
import type { TAuthenticatedActor } from '../../platform/http/context.js';
import { countItems, parseContent } from './content.js';
import type { questionnaires, questionnaireVersions } from './schema.js';

type TQuestionnaireRow = typeof questionnaires.$inferSelect;
type TVersionRow = typeof questionnaireVersions.$inferSelect;

export function presentSummary(row: TQuestionnaireRow, version: TVersionRow): formsApi.TQuestionnaireSummary {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    programType: row.programType,
    isRetired: row.isRetired,
    isConditional: row.isConditional,
    versionNo: version.versionNo,
    itemCount: countItems(parseContent(version.content)),
    updatedAt: (version.updatedAt > row.updatedAt ? version.updatedAt : row.updatedAt).toISOString(),
  };
}

export function presentQuestionnaire(
  row: TQuestionnaireRow,
  version: TVersionRow,
  hasAnswers: boolean,
  actor: TAuthenticatedActor,
): formsApi.TQuestionnaire {
  return {
    ...presentSummary(row, version),
    versionId: version.id,
    content: parseContent(version.content),
    hasAnswers,
    canManage: can(actor, 'forms.manage'),
  };
}

/** What the audit trail keeps of a questionnaire change. */
export const questionnaireAudit = (row: TQuestionnaireRow, version?: TVersionRow) => ({
  name: row.name,
  description: row.description,
  programType: row.programType,
  isRetired: row.isRetired,
  isConditional: row.isConditional,
  ...(version ? { versionNo: version.versionNo, content: version.content } : {}),
});
