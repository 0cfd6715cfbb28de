import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, launch, screenshot, signIn, STAFF_HOME } from '../browser.js';
import { choose, expectMessage, journeyPage, journeySteps } from '../journey-helpers.js';
import { api, batchAndImportLogOf, batchRecords, createdDependents } from '../sevis-log-helpers.js';
import { validateAgainstXsd } from '../../apps/server/src/modules/sevis/xml/schema.js';

/**
 * A J-1 research scholar reaches SEVIS as an exchange visitor, with the family coming along
 * (docs/product/scholars-office.md#exchange-visitor-record, docs/sevis-rules.md#exchange-visitors-who-are-scholars):
 * on the case's Exchange Visitor tab the office confirms what SEVIS needs (the DS-2019 position code of
 * SEVIS Table 28, the subject field, gender and countries) and each dependent of the J-1 application
 * (a name SEVIS refuses, S1148, is named on its field and corrected); the record's Create waits for the
 * next batch; the ARO creates the exchange visitor batch on the Batch Manager, whose XML passes the
 * Create-UpdateExchangeVisitor 6.27 XSD (xmllint); SEVIS's transaction log names the scholar and both
 * J-2 dependents; the case shows its SEVIS Create "Succeeded" with every SEVIS ID.
 *
 * The case is set up through the API as the department and the office would make it (sponsorship
 * request, processed as J-1, the application form the office keeps); everything the office does to
 * reach SEVIS is done in the browser.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** A new scholar per run; SEVIS takes names of letters only (S1148), so the run's digits are spelled as letters. */
const RUN = Date.now()
  .toString(36)
  .replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!);
const FIRST = 'Ingrid';
const LAST = `Halvorsen ${RUN.charAt(0).toUpperCase()}${RUN.slice(1)}`;
const EMAIL = `ingrid.halvorsen.${RUN}@example.edu`;
/** The family as the scholar's J-1 application holds it; the spouse's hyphen is one SEVIS refuses (S1148). */
const SPOUSE = { firstName: 'Maren-Sofie', lastName: LAST, relationship: 'spouse', dateOfBirth: '1989-06-02', countryOfBirth: 'NO' };
const CHILD = { firstName: 'Eirik', lastName: LAST, relationship: 'child', dateOfBirth: '2019-09-15', countryOfBirth: 'NO' };
/** The SEVIS IDs SEVIS's log assigns (N and 10 digits), one set per run. */
const BASE = 1_000_000_000 + (Date.now() % 8_000_000_000);
const SEVIS_ID = `N${String(BASE).padStart(10, '0')}`;
const SPOUSE_SEVIS_ID = `N${String(BASE + 1).padStart(10, '0')}`;
const CHILD_SEVIS_ID = `N${String(BASE + 2).padStart(10, '0')}`;

/** The demo office's today (America/Chicago, its institution's zone). */
const OFFICE_TODAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date());
const day = (offset: number) => new Date(Date.parse(`${OFFICE_TODAY}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
const START = day(60);
const END = day(60 + 364);

/** The official exchange visitor schema Meridian carries (a copy of SEVIS's 6.27 release). */
const XSD = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../apps/server/sevis-xsd/exchange-visitor-6.27/Create-UpdateExchangeVisitor.xsd',
);

/** The batch file passes the 6.27 XSD: Debian's xmllint where installed, else the same libxml2 as WebAssembly. */
async function assertValidEvBatch(xml: string): Promise<void> {
  let hasXmllint = true;
  try {
    execFileSync('xmllint', ['--version'], { stdio: 'ignore' });
  } catch {
    hasXmllint = false;
  }
  if (hasXmllint) {
    const file = path.join(os.tmpdir(), `scholar-ev-journey-${process.pid}-${Date.now()}.xml`);
    fs.writeFileSync(file, xml);
    try {
      execFileSync('xmllint', ['--noout', '--schema', XSD, file], { stdio: 'pipe' });
    } catch (e) {
      throw new Error(`xmllint refuses the batch: ${String((e as { stderr?: Buffer }).stderr ?? e)}`, { cause: e });
    } finally {
      fs.rmSync(file, { force: true });
    }
    return;
  }
  const [errors] = await validateAgainstXsd('ev', [xml]);
  expect(errors, 'the 6.27 XSD accepts the batch').toEqual([]);
}

const step = journeySteps('scholar-ev-journey');
/** A full-page screenshot from the top (a scrolled page would draw the fixed app bar mid-page). */
async function shot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, `scholar-ev-journey-${name}`);
}

async function office(): Promise<Page> {
  const page = await journeyPage(browser);
  await signIn(page, 'admin');
  await page.waitForURL(STAFF_HOME);
  return page;
}

/** The value of a fact in a description list (a dt with this label, its dd). */
async function fact(scope: Locator, label: string): Promise<string> {
  const dt = scope.locator('dt').filter({ hasText: new RegExp(`^${label}$`) });
  return ((await dt.locator('xpath=following-sibling::dd[1]').textContent()) ?? '').trim();
}

/**
 * The department asks the office to sponsor a J-1 research scholar and sends the request; the office
 * processes it as J-1 and keeps the application form the scholar sent in (with the family coming along).
 */
async function seedJ1Case(): Promise<string> {
  const token = async (userName: string) =>
    (await api<{ accessToken: string }>('POST', '/api/auth/login', null, { userName, password: DEMO_PASSWORD })).accessToken;
  const dept = await token('dept');
  const created = await api<{ applicationId: string }>('POST', '/api/scholars/department/cases', dept, {
    firstName: FIRST,
    lastName: LAST,
    email: EMAIL,
    proposedStatus: 'J-1',
    proposedStartDate: START,
    proposedEndDate: END,
    position: 'Research Scholar',
    hiringAuthorityName: 'Prof. Maria Keller',
  });
  const id = created.applicationId;
  await api('POST', `/api/scholars/department/cases/${id}/send`, dept);
  const admin = await token('admin');
  const c = await api<{ version: number }>('GET', `/api/scholars/office/cases/${id}`, admin);
  await api('POST', `/api/scholars/office/cases/${id}/process`, admin, {
    processAs: 'J-1',
    processedStartDate: START,
    processedEndDate: END,
    version: c.version,
  });
  const form = await api<{ version: number }>('GET', `/api/scholars/applications/${id}/form`, admin);
  await api('PUT', `/api/scholars/applications/${id}/form`, admin, {
    version: form.version,
    data: {
      firstName: FIRST,
      lastName: LAST,
      email: EMAIL,
      dateOfBirth: '1988-03-14',
      countryOfBirth: 'NO',
      countryOfCitizenship: 'NO',
      phone: '+47 22 12 34 56',
      usAddressStreet: '12 Oxford Street',
      usAddressCity: 'Cambridge',
      usAddressState: 'MA',
      usAddressZip: '02138',
      category: 'RESEARCH SCHOLAR',
      subjectFieldCode: '40.0801',
      siteOfActivityName: 'Jefferson Physical Laboratory',
      siteOfActivityAddress1: '17 Oxford Street',
      siteOfActivityCity: 'Cambridge',
      siteOfActivityState: 'MA',
      siteOfActivityPostalCode: '02138',
      fundingProgramSponsor: '60000',
      fundingPersonal: '5000',
      isHavingFamily: true,
      dependents: [SPOUSE, CHILD],
    },
  });
  return id;
}

let applicationId = '';
let created = false;
let batchXml = '';

describe('a J-1 research scholar and the family reach SEVIS as an exchange visitor and J-2 dependents', () => {
  it('the office confirms the SEVIS codes and the family on the Exchange Visitor tab and creates the record: its Create waits for the next batch', async () => {
    if (!applicationId) applicationId = await seedJ1Case();
    const page = await office();
    await step(page, '1-create', async () => {
      await page.goto(`/#/admin/scholar-profile/${applicationId}?tab=exchange-visitor`);
      await page.getByRole('tab', { name: 'Exchange Visitor', selected: true }).waitFor();
      const panel = page.getByRole('region', { name: 'Exchange visitor record (SEVIS)' });
      await panel.getByRole('heading', { name: 'Exchange visitor record (SEVIS)', level: 2 }).waitFor();
      if (!created) {
        // The category comes from the application: Research scholar, SEVIS Table 15 code 08.
        await expect.poll(() => panel.getByRole('combobox', { name: 'Exchange visitor category' }).textContent()).toContain('08');
        // The position is SEVIS's Table 28, from the office's code list: typed by its code, chosen from the list.
        await panel.getByRole('combobox', { name: 'Position code (DS-2019)' }).fill('213');
        await page
          .getByRole('option', { name: /\b213\b/ })
          .first()
          .click();
        await panel.getByRole('textbox', { name: 'Subject field (CIP)' }).fill('40.0801');
        // The exchange visitor's gender from the office's list, in its words and SEVIS's code (docs/product/lookups.md).
        await choose(page, panel.getByRole('combobox', { name: 'Gender' }).first(), 'Female (F)');
        await panel.getByRole('textbox', { name: 'City of birth' }).first().fill('Oslo');
        await panel.getByRole('textbox', { name: 'Country of birth (code)' }).first().fill('NO');
        await panel.getByRole('textbox', { name: 'Country of citizenship (code)' }).first().fill('NO');
        if (await panel.getByRole('combobox', { name: 'Campus site of the record' }).isVisible())
          await choose(page, panel.getByRole('combobox', { name: 'Campus site of the record' }), 'Main Campus');

        // The family of the application, one section each: names, relationship and birth date as the scholar gave them.
        const family = panel.getByRole('region', { name: 'Family coming along (J-2)' });
        const spouse = family.getByRole('region', { name: `Dependent 1: Maren-Sofie ${LAST}` });
        const child = family.getByRole('region', { name: `Dependent 2: Eirik ${LAST}` });
        expect(await spouse.getByRole('textbox', { name: 'First name' }).inputValue()).toBe('Maren-Sofie');
        expect(await spouse.getByRole('textbox', { name: 'Date of birth' }).inputValue()).toBe('06/02/1989');
        expect(await child.getByRole('combobox', { name: 'Relationship' }).textContent()).toContain('Child');
        // The application's country of birth, a code of the office's list, comes into the record as it is.
        expect(await child.getByRole('textbox', { name: 'Country of birth (code)' }).inputValue()).toBe('NO');
        for (const [who, gender, city] of [
          [spouse, 'Female', 'Bergen'],
          [child, 'Male', 'Oslo'],
        ] as const) {
          await choose(page, who.getByRole('combobox', { name: 'Gender' }), gender);
          await who.getByRole('textbox', { name: 'City of birth' }).fill(city);
          await who.getByRole('textbox', { name: 'Country of birth (code)' }).fill('NO');
          await who.getByRole('textbox', { name: 'Country of citizenship (code)' }).fill('NO');
          expect(await who.getByRole('combobox', { name: 'DS-2019 purpose (SEVIS)' }).textContent()).toContain('06');
        }
        await shot(page, '1-form');

        // The spouse's hyphen is refused by SEVIS (S1148): said on that field, nothing created, nothing dropped.
        await panel.getByRole('button', { name: 'Create exchange visitor record' }).click();
        const first = spouse.getByRole('textbox', { name: 'First name' });
        await expectMessage(first, 'SEVIS refuses accents, hyphens');
        await expect.poll(() => first.evaluate((el) => el === document.activeElement)).toBe(true);
        // Nothing was created: the form is still there.
        await panel.getByRole('button', { name: 'Create exchange visitor record' }).waitFor();
        await shot(page, '1-dependent-name-refused');
        await first.fill('Maren Sofie');
        await panel.getByRole('button', { name: 'Create exchange visitor record' }).click();
        await page.getByText('The exchange visitor record is created; its SEVIS Create waits for the next batch.').waitFor();
        created = true;
      }
      await expect.poll(() => fact(panel, 'SEVIS Create')).toBe('Pending');
      expect(await fact(panel, 'SEVIS ID')).toBe('Not assigned yet');
      expect(await fact(panel, 'Category')).toBe('Research scholar (08)');
      const dependents = panel.getByRole('table', { name: 'J-2 dependents' });
      await dependents
        .getByRole('row')
        .filter({ hasText: `Maren Sofie ${LAST}` })
        .getByText('Not assigned yet')
        .waitFor();
      await dependents
        .getByRole('row')
        .filter({ hasText: `Eirik ${LAST}` })
        .getByText('Child')
        .waitFor();
      await shot(page, '1-waiting-for-batch');
    });
  });

  it("the ARO creates the exchange visitor batch: the scholar's Create carries both J-2s and passes the 6.27 XSD; SEVIS's log names all three", async () => {
    expect(created).toBe(true);
    const page = await office();
    await step(page, '2-batch', async () => {
      const found = await batchAndImportLogOf(page, {
        group: 'Main Campus, J-1 exchange visitors',
        record: (r) =>
          !r.attrs.sevisID && r.body.includes(`<LastName>${LAST}</LastName>`) && r.body.includes(`<FirstName>${FIRST}</FirstName>`),
        newSevisIds: [SEVIS_ID, SPOUSE_SEVIS_ID, CHILD_SEVIS_ID],
        shot: (name) => shot(page, `2-${name}`),
        check: async (xml) => {
          expect(xml).toContain('<SEVISBatchCreateUpdateEV');
          const ours = batchRecords(xml).find((r) => !r.attrs.sevisID && r.body.includes(`<LastName>${LAST}</LastName>`))!;
          expect(ours.body, 'the scholar is created with the family and the site of activity').toContain('<CreateDependent>');
          expect(ours.body).toContain('<SiteName>Jefferson Physical Laboratory</SiteName>');
          for (const part of [
            '<CategoryCode>08</CategoryCode>',
            '<PositionCode>213</PositionCode>',
            '<SubjectFieldCode>40.0801</SubjectFieldCode>',
          ])
            expect(ours.body).toContain(part);
          expect(ours.body).toMatch(/<FirstName>Maren Sofie<\/FirstName>[\s\S]*<Relationship>01<\/Relationship>/);
          expect(ours.body).toMatch(/<FirstName>Eirik<\/FirstName>[\s\S]*<Relationship>02<\/Relationship>/);
          expect(createdDependents(ours.body)).toHaveLength(2);
          await assertValidEvBatch(xml);
          batchXml = xml;
        },
      });
      expect(found.batchId).toHaveLength(14);
    });
  });

  it('back on the case: its SEVIS Create succeeded, with the SEVIS ID of the scholar and of each J-2 dependent', async () => {
    expect(batchXml).not.toBe('');
    const page = await office();
    await step(page, '3-created', async () => {
      await page.goto(`/#/admin/scholar-profile/${applicationId}?tab=exchange-visitor`);
      const panel = page.getByRole('region', { name: 'Exchange visitor record (SEVIS)' });
      await expect.poll(() => fact(panel, 'SEVIS Create')).toBe('Succeeded');
      expect(await fact(panel, 'SEVIS ID')).toBe(SEVIS_ID);
      const dependents = panel.getByRole('table', { name: 'J-2 dependents' });
      await dependents
        .getByRole('row')
        .filter({ hasText: `Maren Sofie ${LAST}` })
        .getByText(SPOUSE_SEVIS_ID)
        .waitFor();
      await dependents
        .getByRole('row')
        .filter({ hasText: `Eirik ${LAST}` })
        .getByText(CHILD_SEVIS_ID)
        .waitFor();
      await shot(page, '3-created-in-sevis');
      // The record itself opens from the case.
      await panel.getByRole('link', { name: 'Open the exchange visitor record' }).click();
      await page.waitForURL(/#\/isss\/student-profile\/[0-9a-f-]{36}/);
      await page.getByRole('heading', { name: new RegExp(LAST), level: 1 }).waitFor();
    });
  });
});
