import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { checkCompleteness, formsApi, type TAnswers, type TQuestionnaireContent } from '@meridian/domain';
import {
  answerSets,
  customDocuments,
  customQuestions,
  lookupSets,
  questionnaires,
  questionnaireVersions,
} from '../../src/modules/forms/schema.js';
import type { TTestApp } from '../app.js';
import { only, owner } from './db.js';

export type TQuestionnaireRow = typeof questionnaires.$inferSelect;

/** One required short-text item: the smallest questionnaire the builder saves. */
export const oneItemContent = (): TQuestionnaireContent => ({
  folders: [
    {
      id: randomUUID(),
      name: 'F',
      ordinal: 1,
      items: [
        {
          id: randomUUID(),
          text: 'Name',
          type: 'SHORT',
          datatype: 'TEXT',
          required: true,
          instructions: '',
          lookupSetId: null,
          options: [],
          ordinal: 1,
          showsQuestionnaire: null,
        },
      ],
    },
  ],
});

/** A questionnaire with its first version (by default one required short-text item). */
export async function buildQuestionnaire(
  t: TTestApp,
  o: Partial<Omit<typeof questionnaires.$inferInsert, 'id'>> & { content?: TQuestionnaireContent | undefined } = {},
): Promise<TQuestionnaireRow & { versionId: string; content: TQuestionnaireContent }> {
  const { content = oneItemContent(), ...values } = o;
  // The builder's schema is the gate a saved questionnaire passed.
  const parsed = formsApi.ZQuestionnaireContent.parse(content);
  const institutionId = values.institutionId ?? t.institutionA;
  const q = only(
    await owner(t)
      .insert(questionnaires)
      .values({ name: `Fixture ${randomUUID().slice(0, 8)}`, ...values, institutionId })
      .returning(),
    'questionnaire',
  );
  const v = only(
    await owner(t)
      .insert(questionnaireVersions)
      .values({ institutionId, questionnaireId: q.id, versionNo: 1, content: parsed })
      .returning({ id: questionnaireVersions.id }),
    'questionnaire version',
  );
  return { ...q, versionId: v.id, content: parsed };
}

/** A lookup set (options for selection questions). */
export async function buildLookupSet(
  t: TTestApp,
  o: Partial<Omit<typeof lookupSets.$inferInsert, 'id'>> = {},
): Promise<typeof lookupSets.$inferSelect> {
  return only(
    await owner(t)
      .insert(lookupSets)
      .values({ name: 'Fixture set', options: [{ value: 'a', label: 'A' }], ...o, institutionId: o.institutionId ?? t.institutionA })
      .returning(),
    'lookup set',
  );
}

/** A management custom question (active, visible, optional text by default). */
export async function buildCustomQuestion(
  t: TTestApp,
  o: Partial<Omit<typeof customQuestions.$inferInsert, 'id'>> = {},
): Promise<typeof customQuestions.$inferSelect> {
  return only(
    await owner(t)
      .insert(customQuestions)
      .values({ questionType: 'TEXT', questionText: 'Fixture?', ...o, institutionId: o.institutionId ?? t.institutionA })
      .returning(),
    'custom question',
  );
}

/** A management custom document (a file to upload on the main record by default). */
export async function buildCustomDocument(
  t: TTestApp,
  o: Partial<Omit<typeof customDocuments.$inferInsert, 'id'>> = {},
): Promise<typeof customDocuments.$inferSelect> {
  if ((o.documentType ?? 'file_upload') === 'questionnaire' && !o.questionnaireId)
    throw new Error('factory: a questionnaire document names its questionnaire');
  return only(
    await owner(t)
      .insert(customDocuments)
      .values({ name: 'Fixture document', documentType: 'file_upload', ...o, institutionId: o.institutionId ?? t.institutionA })
      .returning(),
    'custom document',
  );
}

/**
 * The submitted answers of one subject to a questionnaire's latest version, as submitting leaves
 * them: complete by the product's own rules, or the factory refuses (a submitted incomplete form
 * cannot exist).
 */
export async function buildSubmittedAnswers(
  t: TTestApp,
  o: { institutionId: string; questionnaireId: string; subjectType: string; subjectId: string; answers: TAnswers },
): Promise<typeof answerSets.$inferSelect> {
  const version = only(
    await owner(t)
      .select()
      .from(questionnaireVersions)
      .where(eq(questionnaireVersions.questionnaireId, o.questionnaireId))
      .orderBy(desc(questionnaireVersions.versionNo))
      .limit(1),
    `version of questionnaire ${o.questionnaireId}`,
  );
  const missing = checkCompleteness(formsApi.ZQuestionnaireContent.parse(version.content), o.answers);
  if (Object.keys(missing).length)
    throw new Error(`factory: submitted answers to ${o.questionnaireId} must be complete; missing: ${JSON.stringify(missing)}`);
  return only(
    await owner(t)
      .insert(answerSets)
      .values({
        institutionId: o.institutionId,
        questionnaireVersionId: version.id,
        subjectType: o.subjectType,
        subjectId: o.subjectId,
        answers: o.answers,
        isSubmitted: true,
      })
      .returning(),
    'answer set',
  );
}

/** The demo seed's questionnaire (several required items of every kind; the first asks for a job title). */
export async function seededQuestionnaire(t: TTestApp, institutionId = t.institutionA): Promise<TQuestionnaireRow> {
  return only(
    await owner(t)
      .select()
      .from(questionnaires)
      .where(eq(questionnaires.institutionId, institutionId))
      .orderBy(questionnaires.createdAt)
      .limit(1),
    'seeded questionnaire',
  );
}
