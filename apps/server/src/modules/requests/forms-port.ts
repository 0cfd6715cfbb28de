import * as attachments from '../attachments/index.js';
import type { TTx } from '../../platform/db/database.js';
import * as forms from '../forms/index.js';

/**
 * The forms and attachments modules' seams for requests, in one place: completeness of the
 * questionnaires (answers bound to request ids) and the required documents still missing.
 */
export const formsModule = async () => forms;
export const attachmentsModule = async () => attachments;
/** The students module: what an approved student request does to the record (loaded late: students imports requests). */
export const studentsModule = async () => import('../students/index.js');

/**
 * The questionnaires a request asks: its type's, then the conditional ones its answers bring in now
 * (recomputed on every read, so answering differently takes one away again).
 */
export async function requestQuestionnaireIds(tx: TTx, requestId: string, typeQuestionnaireIds: string[]): Promise<string[]> {
  if (typeQuestionnaireIds.length === 0) return [];
  const m = await formsModule();
  if (!m) return typeQuestionnaireIds;
  return [...typeQuestionnaireIds, ...(await m.conditionalQuestionnaires(tx, 'request', requestId, typeQuestionnaireIds))];
}
