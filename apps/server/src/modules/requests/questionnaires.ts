import type { TTx } from '../../platform/db/database.js';
import { findConditionalQuestionnaires } from '../forms/index.js';

/**
 * The questionnaires a request asks: its type's, then the conditional ones its answers bring in now
 * (recomputed on every read, so answering differently takes one away again).
 */
export async function requestQuestionnaireIds(tx: TTx, requestId: string, typeQuestionnaireIds: string[]): Promise<string[]> {
  if (typeQuestionnaireIds.length === 0) return [];
  return [...typeQuestionnaireIds, ...(await findConditionalQuestionnaires(tx, 'request', requestId, typeQuestionnaireIds))];
}
