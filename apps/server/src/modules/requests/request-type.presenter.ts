import { type TRequestType } from '@meridian/domain';
import { type requestTypes } from './schema.js';

type TRequestTypeRow = typeof requestTypes.$inferSelect;

export const presentType = (r: TRequestTypeRow): TRequestType => ({
  id: r.id,
  code: r.code,
  name: r.name,
  description: r.description,
  visaScope: r.visaScope as TRequestType['visaScope'],
  starters: r.starters as TRequestType['starters'],
  questionnaireIds: r.questionnaireIds,
  customQuestionIds: r.customQuestionIds,
  documentIds: r.documentIds,
  workflowId: r.workflowId,
  isEnabled: r.isEnabled,
  updatedAt: r.updatedAt.toISOString(),
});
