import type { TTx } from '../platform/db/database.js';
import { customDocuments, customQuestions } from '../modules/forms/index.js';
import { stageItems, welcomeWizardSteps } from '../modules/students/index.js';

/**
 * A sensible demo student portal: a welcome wizard (welcome text, contact details confirmation,
 * passport upload, confirmation), pre-arrival items (financial documents, dependents' passports,
 * expected arrival date) and check-in items (U.S. address confirmation, I-94 upload).
 */
export async function seedStudentsPortal(tx: TTx, institutionId: string): Promise<void> {
  const q = async (ordinal: number, questionType: string, questionText: string, questionInstruction = '', isRequired = true) =>
    (
      await tx
        .insert(customQuestions)
        .values({ institutionId, questionType, questionText, questionInstruction, isRequired, ordinal })
        .returning({ id: customQuestions.id })
    )[0]!.id;
  const d = async (ordinal: number, name: string, description: string, instructions: string, appliesTo = 'main', isRequired = true) =>
    (
      await tx
        .insert(customDocuments)
        .values({ institutionId, name, description, instructions, documentType: 'file_upload', appliesTo, isRequired, ordinal })
        .returning({ id: customDocuments.id })
    )[0]!.id;

  const emailOk = await q(
    101,
    'IFNXP',
    'Is the e-mail address on your admission letter still the best way to reach you?',
    'If not, give the address we should use.',
  );
  const phone = await q(
    102,
    'SHORT',
    'Your mobile phone number, with country code',
    'For example +91 98765 43210. We only call when something is urgent.',
  );
  const emergency = await q(103, 'SHORT', 'Emergency contact: name and phone number', 'Someone we may call if you cannot be reached.');
  const arrival = await q(
    104,
    'SHORT',
    'Expected arrival date in the United States',
    'MM/DD/YYYY. You may enter the U.S. up to 30 days before your program start date.',
  );
  const usAddress = await q(
    105,
    'IFNXP',
    'Is the U.S. address on your record correct?',
    'If not, give your current U.S. address (street, city, state, ZIP code). You must report a change within 10 days.',
  );

  const passport = await d(
    101,
    'Passport identity page',
    'A clear copy of the page of your passport with your photo.',
    'PDF, JPG or PNG; all four corners visible.',
  );
  const financial = await d(
    102,
    'Financial documents',
    'Proof of funds for your first year of study (bank statement, scholarship or sponsor letter).',
    'Statements must be dated within the last six months.',
  );
  const depPassport = await d(
    103,
    'Dependent passport identity page',
    "A copy of each dependent's passport photo page.",
    'One file per dependent.',
    'dependent',
  );
  const i94 = await d(
    104,
    'I-94 arrival record',
    'Your most recent I-94 record.',
    'Download it from https://i94.cbp.dhs.gov after you arrive.',
  );

  const steps = [
    {
      title: 'Welcome',
      kind: 'content',
      itemIds: [] as string[],
      body: 'Welcome to the International Student and Scholar Services portal!\n\nOver the next few steps we will confirm how to reach you and collect a copy of your passport. It takes about five minutes; your answers are saved as you go, so you can come back later.\n\nQuestions? Write to the office at isss@demo.example.edu or see https://www.ice.gov/sevis/students.',
    },
    {
      title: 'Your contact details',
      kind: 'questions',
      itemIds: [emailOk, phone, emergency],
      body: 'Please confirm how we can reach you before and after you arrive.',
    },
    {
      title: 'Your passport',
      kind: 'documents',
      itemIds: [passport],
      body: 'Upload the identity page of your passport. It must be valid for at least six months after your planned arrival.',
    },
    {
      title: 'Confirm and finish',
      kind: 'confirm',
      itemIds: [],
      body: 'Thank you! When you select Finish, the office will see your answers and you will move on to your pre-arrival checklist.',
    },
  ];
  await tx.insert(welcomeWizardSteps).values(steps.map((s, i) => ({ institutionId, ...s, visaScope: 'All', ordinal: i + 1 })));
  await tx.insert(stageItems).values([
    { institutionId, stage: 'pre_arrival', visaScope: 'All', customQuestionId: arrival, ordinal: 1 },
    { institutionId, stage: 'pre_arrival', visaScope: 'All', customDocumentId: financial, ordinal: 2 },
    { institutionId, stage: 'pre_arrival', visaScope: 'All', customDocumentId: depPassport, ordinal: 3 },
    { institutionId, stage: 'check_in', visaScope: 'All', customQuestionId: usAddress, ordinal: 1 },
    { institutionId, stage: 'check_in', visaScope: 'All', customDocumentId: i94, ordinal: 2 },
  ]);
}
