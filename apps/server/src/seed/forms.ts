import { randomUUID } from 'node:crypto';
import type { TQuestionnaireContent, TQuestionnaireItem } from '@meridian/domain';
import type { TTx } from '../platform/db/database.js';
import { lookupSets, questionnaires, questionnaireVersions } from '../modules/forms/index.js';

const item = (ordinal: number, x: Partial<TQuestionnaireItem> & Pick<TQuestionnaireItem, 'text' | 'type'>): TQuestionnaireItem => ({
  id: randomUUID(),
  datatype: 'TEXT',
  required: false,
  instructions: '',
  lookupSetId: null,
  options: [],
  ordinal,
  showsQuestionnaire: null,
  ...x,
});

/** One lookup set and one small active questionnaire, so Form Management has something to show. */
export async function seedForms(tx: TTx, institutionId: string): Promise<void> {
  const [degrees] = await tx
    .insert(lookupSets)
    .values({
      institutionId,
      name: 'Degree levels',
      options: [
        { value: 'BACH', label: "Bachelor's degree" },
        { value: 'MAST', label: "Master's degree" },
        { value: 'DOCT', label: 'Doctorate degree' },
        { value: 'PROF', label: 'Professional degree' },
      ],
    })
    .returning();
  const content: TQuestionnaireContent = {
    folders: [
      {
        id: randomUUID(),
        name: 'Position',
        ordinal: 1,
        items: [
          item(1, { text: 'Job title', type: 'SHORT', required: true }),
          item(2, { text: 'Highest degree held', type: 'SELCT', required: true, lookupSetId: degrees!.id }),
          item(3, {
            text: 'Annual salary (USD)',
            type: 'FIELD',
            datatype: 'NUMR',
            required: true,
            instructions: 'Digits only, e.g. 65000',
          }),
          item(4, { text: 'Proposed start date', type: 'DATEO', required: true, instructions: 'MM/DD/YYYY' }),
        ],
      },
      {
        id: randomUUID(),
        name: 'Background',
        ordinal: 2,
        items: [
          item(1, { text: 'Is this a full-time position?', type: 'YESNO', required: true }),
          item(2, {
            text: 'Have you held a US visa before?',
            type: 'IFYXP',
            required: true,
            instructions: 'If yes, give the visa type and dates.',
          }),
          item(3, {
            text: 'Work locations',
            type: 'MULTI',
            options: [
              { value: 'MAIN', label: 'Main Campus' },
              { value: 'MED', label: 'Medical Campus' },
              { value: 'OFF', label: 'Off-site' },
            ],
          }),
        ],
      },
    ],
  };
  const [q] = await tx
    .insert(questionnaires)
    .values({
      institutionId,
      name: 'Employment details',
      description: 'Position, salary and start date of a sponsored employee',
      programType: 'EB Scholars',
    })
    .returning();
  await tx.insert(questionnaireVersions).values({ institutionId, questionnaireId: q!.id, versionNo: 1, content });
}
