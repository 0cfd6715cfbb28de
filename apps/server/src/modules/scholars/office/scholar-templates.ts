import { SCHOLAR_PROGRAM_TYPES, scholarsApi } from '@meridian/domain';
import { type requestTypes } from '../../requests/index.js';

type TKey = (typeof scholarsApi.TEMPLATE_PROGRAM_KEYS)[number];

/** The template key of each scholar program's request type code. */
export const KEY_OF_CODE = Object.fromEntries(scholarsApi.TEMPLATE_PROGRAM_KEYS.map((k) => [SCHOLAR_PROGRAM_TYPES[k], k])) as Record<
  string,
  TKey
>;

/** A program's request type as a scholar template. */
export function presentTemplate(r: typeof requestTypes.$inferSelect): scholarsApi.TTemplate {
  const key = KEY_OF_CODE[r.code]!;
  return {
    key,
    code: r.code,
    label: scholarsApi.TEMPLATE_LABELS[key],
    requestTypeId: r.id,
    requestTypeName: r.name,
    questionnaireIds: r.questionnaireIds,
    documentIds: r.documentIds,
    updatedAt: r.updatedAt.toISOString(),
  };
}
