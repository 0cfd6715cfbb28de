import { randomUUID } from 'node:crypto';
import type { TTestApp } from './app.js';

/** Records of one institution made behind the API (owner SQL), as targets for calls. */
export async function newQuestionnaire(
  t: TTestApp,
  institutionId = t.institutionA,
  name = `Fixture ${randomUUID().slice(0, 8)}`,
): Promise<string> {
  const [q] = await t.sql<{ id: string }>('insert into questionnaires (institution_id, name) values ($1, $2) returning id', [
    institutionId,
    name,
  ]);
  const content = {
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
          },
        ],
      },
    ],
  };
  await t.sql('insert into questionnaire_versions (institution_id, questionnaire_id, version_no, content) values ($1, $2, 1, $3)', [
    institutionId,
    q!.id,
    JSON.stringify(content),
  ]);
  return q!.id;
}

export async function newLookupSet(t: TTestApp, institutionId = t.institutionA): Promise<string> {
  const [r] = await t.sql<{ id: string }>('insert into lookup_sets (institution_id, name, options) values ($1, $2, $3) returning id', [
    institutionId,
    'Fixture set',
    JSON.stringify([{ value: 'a', label: 'A' }]),
  ]);
  return r!.id;
}

export async function newCustomQuestion(t: TTestApp, institutionId = t.institutionA): Promise<string> {
  const [r] = await t.sql<{ id: string }>(
    "insert into custom_questions (institution_id, question_type, question_text) values ($1, 'TEXT', 'Fixture?') returning id",
    [institutionId],
  );
  return r!.id;
}

export async function newCustomDocument(t: TTestApp, institutionId = t.institutionA): Promise<string> {
  const [r] = await t.sql<{ id: string }>(
    "insert into custom_documents (institution_id, name, document_type) values ($1, 'Fixture document', 'file_upload') returning id",
    [institutionId],
  );
  return r!.id;
}
