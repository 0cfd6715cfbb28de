import type { TTx } from '../platform/db/database.js';
import { sitePages } from '../modules/content/index.js';

const WELCOME = [
  '<h2>Before you travel</h2>',
  '<p>Carry your passport, your I-20 or DS-2019 and your admission letter in your hand luggage. Read ',
  '<a href="https://studyinthestates.dhs.gov/" rel="noopener noreferrer" target="_blank">Study in the States</a> for what to expect at the border.</p>',
  '<h2>Your first week</h2>',
  '<ul><li>Complete your check-in with the office within ten days of arriving.</li>',
  '<li>Download your I-94 arrival record and upload it to your checklist.</li>',
  '<li>Report your U.S. address in the portal.</li></ul>',
  '<p>Questions? Write to <a href="mailto:isss@demo.example.edu" rel="noopener noreferrer" target="_blank">isss@demo.example.edu</a>.</p>',
].join('');

const SCHOLARS = [
  '<h2>Arriving as a scholar</h2>',
  '<p>Your department is your first contact for your office, keys and payroll. The international office ',
  'keeps your immigration record: tell us of any change of address or of your position.</p>',
  '<p>Write to <a href="mailto:isss@demo.example.edu" rel="noopener noreferrer" target="_blank">isss@demo.example.edu</a>.</p>',
].join('');

/**
 * The demo office's Site Pages (docs/product/site-pages.md): a published "Welcome to campus" page for every
 * student, a published page for scholars, and a students' draft that nobody reads yet. The text is written
 * as the editor keeps it (already clean).
 */
export async function seedSitePages(tx: TTx, institutionId: string, o: { adminUserId: string }): Promise<void> {
  const publishedAt = new Date();
  const published = (title: string, body: string) => ({
    draftTitle: title,
    draftBodyHtml: body,
    publishedTitle: title,
    publishedBodyHtml: body,
    publishedAt,
    publishedBy: o.adminUserId,
    updatedBy: o.adminUserId,
  });
  await tx.insert(sitePages).values([
    {
      institutionId,
      title: 'Welcome to campus (every student)',
      slug: 'welcome-to-campus',
      audience: 'students',
      ordinal: 0,
      ...published('Welcome to campus', WELCOME),
    },
    {
      institutionId,
      title: 'Scholars: your first days',
      slug: 'scholars-first-days',
      audience: 'scholars',
      ordinal: 1,
      ...published('Your first days on campus', SCHOLARS),
    },
    {
      institutionId,
      title: 'OPT workshop (draft)',
      slug: 'opt-workshop',
      audience: 'students',
      stages: ['continuing'],
      visaTypes: ['F-1'],
      ordinal: 2,
      draftTitle: 'Optional Practical Training workshop',
      draftBodyHtml: '<p>Dates for this term’s OPT workshop will follow.</p>',
      updatedBy: o.adminUserId,
    },
  ]);
}
