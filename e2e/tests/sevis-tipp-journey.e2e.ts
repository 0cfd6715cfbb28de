import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, launch, query, screenshot } from '../browser.js';
import { choose, journeySteps, signedInPage } from '../journey-helpers.js';
import { api, apiJob } from '../sevis-log-helpers.js';

/**
 * A trainee's DS-7002 reaches SEVIS with the new record (docs/product/students-records.md#the-ds-7002-traininginternship-placement-plan,
 * docs/sevis-rules.md): the office creates a J-1 trainee (SEVIS Table 15: 2A); the DS-7002 tab says SEVIS
 * would refuse the record without a T/IPP (S2260); the office fills in the participant, a placement site
 * and its phase in the browser; the tab then has nothing SEVIS would refuse, and the record's Create goes
 * into an exchange visitor batch carrying AddTIPP and no site of activity (S2251).
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const RUN = Date.now()
  .toString(36)
  .replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!);
const LAST = `Trainee ${RUN}`;
const SITE = `Fraunhofer ${RUN.toUpperCase()}`.slice(0, 60);
const step = journeySteps('sevis-tipp-journey');
let profileId = '';
let token = '';

describe('a trainee’s DS-7002 is filled in on the record and goes with its Create', () => {
  it('the office creates a J-1 trainee through the API (what the new-record form sends)', async () => {
    ({ accessToken: token } = await api<{ accessToken: string }>('POST', '/api/auth/login', null, {
      userName: 'admin',
      password: DEMO_PASSWORD,
    }));
    const [main] = await query<{ id: number }>(`select id from campus_sites where code = 'MAIN' order by id limit 1`);
    const r = await api<{ id: string; updatedAt: string }>('POST', '/api/students', token, {
      firstName: 'Lukas',
      lastName: LAST,
      email: `lukas.${RUN}@example.edu`,
      gender: 'M',
      birthDate: '1998-02-27',
      birthCity: 'Munich',
      birthCountryCode: 'DE',
      citizenshipCountryCode: 'DE',
      visaType: 'J-1',
      campusSiteId: main!.id,
      evCategoryCode: '2A',
      subjectFieldCode: '14.1901',
      evPositionCode: '213',
      receivedUsGovtFunds: false,
      programStartDate: '2027-01-04',
      programEndDate: '2027-12-17',
      usAddress: { line1: '77 Massachusetts Ave', city: 'Cambridge', state: 'MA', postalCode: '02139', countryCode: 'US' },
      foreignAddress: { line1: 'Leopoldstrasse 12', city: 'Munich', postalCode: '80802', countryCode: 'DE' },
    });
    await api('PUT', `/api/students/${r.id}`, token, { permanentResidenceCountryCode: 'DE', updatedAt: r.updatedAt });
    profileId = r.id;
  });

  it('the DS-7002 tab says SEVIS requires a T/IPP; the office fills in participant, site and phase', async () => {
    expect(profileId).not.toBe('');
    const page = await signedInPage(browser, 'admin');
    await step(page, '1-fill-in', async () => {
      await page.goto(`/#/isss/student-profile/${profileId}?tab=ds-7002`);
      await page.getByRole('heading', { name: 'Training/Internship Placement Plan (T/IPP)' }).waitFor();
      await page.getByText('SEVIS requires a T/IPP (DS-7002) for a trainee or intern', { exact: false }).waitFor();
      await screenshot(page, 'sevis-tipp-journey-1-required');

      await page.getByRole('button', { name: 'Fill in' }).click();
      const participant = page.getByRole('dialog', { name: 'T/IPP participant' });
      await participant.getByLabel('Field of study or profession').fill('Mechanical engineering');
      await participant.getByLabel('Years of experience in the field').fill('3');
      await participant.getByLabel('Type of degree or certificate').fill('Master of Science');
      await participant.getByLabel('Date awarded or expected').fill('06/30/2025');
      await participant.getByRole('button', { name: 'Save' }).click();
      await participant.waitFor({ state: 'detached' });

      await page.getByRole('button', { name: 'Add a site' }).click();
      const site = page.getByRole('dialog', { name: 'Add a placement site' });
      await site.getByLabel('Host organization (site name)').fill(SITE);
      await site.getByLabel('Address line 1').fill('5 Channel Center Street');
      await site.getByLabel('City').fill('Boston');
      await site.getByLabel('State').fill('MA');
      await site.getByLabel('ZIP code').fill('02210');
      await site.getByLabel('Employer ID (EIN)').fill('38-2345678');
      await site.getByLabel('Full-time employees').fill('240');
      await choose(page, site.getByRole('combobox', { name: 'Annual revenue' }), '$10 to $25 million');
      await site.getByLabel('Website').fill('https://www.fraunhofer.org');
      await site.getByLabel('Hours per week').fill('40');
      await site.getByLabel('Supervisor first name').fill('Karen');
      await site.getByLabel('Supervisor last name').fill('Whitfield');
      await site.getByLabel('Supervisor title').fill('Director of Research');
      await site.getByLabel('Supervisor phone').fill('6175550190');
      await site.getByLabel('Supervisor e-mail').fill('k.whitfield@example.org');
      // A 9-digit EIN written with its hyphen is taken as SEVIS writes it.
      await site.getByRole('button', { name: 'Save' }).click();
      await site.waitFor({ state: 'detached' });
      await page.getByText('Primary', { exact: true }).waitFor();

      await page.getByRole('button', { name: 'Add a phase' }).click();
      const phase = page.getByRole('dialog', { name: `Add a phase to ${SITE}` });
      await phase.getByLabel('Phase name').fill('Laser optics');
      // A day before the program start is refused on the field (SEVIS S2254), in the browser first.
      await phase.getByRole('textbox', { name: /^Start\b/ }).fill('01/03/2027');
      await phase.getByRole('textbox', { name: /^End\b/ }).fill('12/17/2027');
      await phase.getByLabel('Training field').fill('Applied laser technology');
      await phase.getByLabel('Phase supervisor first name').fill('Daniel');
      await phase.getByLabel('Phase supervisor last name').fill('Okafor');
      await phase.getByLabel('Supervisor title').fill('Senior Engineer');
      await phase.getByLabel('Supervisor e-mail').fill('d.okafor@example.org');
      await phase.getByLabel('Supervisor phone').fill('6175550191');
      await phase.getByLabel("The exchange visitor's role").fill('Assist in the design of laser cladding experiments.');
      await phase.getByLabel('Goals and objectives').fill('Learn the operation of industrial lasers.');
      await phase.getByLabel('Supervision and the supervisor’s qualifications').fill('Ten years leading the laser group.');
      await phase.getByLabel('Cultural activities').fill('Museum visits and team dinners.');
      await phase.getByLabel('Skills to be learned').fill('Laser cladding and process monitoring.');
      await phase.getByLabel('How the skills are taught').fill('Hands-on training beside the supervisor.');
      await phase.getByLabel('How competency is measured').fill('Monthly evaluation against the goals.');
      await phase.getByRole('button', { name: 'Save' }).click();
      await phase.getByText('A phase must lie within the program dates (01/04/2027 to 12/17/2027).').waitFor();
      await screenshot(page, 'sevis-tipp-journey-2-phase-outside-program');
      await phase.getByRole('textbox', { name: /^Start\b/ }).fill('01/04/2027');
      await phase.getByRole('button', { name: 'Save' }).click();
      await phase.waitFor({ state: 'detached' });

      await page.getByRole('cell', { name: 'Laser optics', exact: true }).waitFor();
      expect(await page.getByText('SEVIS would refuse the plan as it stands').count()).toBe(0);
      // No SEVIS ID yet: nothing to reprint (the DS-7002 prints with the Create).
      expect(await page.getByRole('button', { name: 'Print DS-7002' }).isDisabled()).toBe(true);
      await screenshot(page, 'sevis-tipp-journey-3-complete');
    });
  });

  it('the Create goes into an exchange visitor batch with AddTIPP and no site of activity', async () => {
    const [settings] = await query<{ id: string }>(`select id from sevis_settings where program_kind = 'J' order by created_at limit 1`);
    const events = await query<{ id: string; status: string }>(
      `select id, status from sevis_pending_events where profile_id = $1 and event_type = 'Create' and status in ('pending', 'held')`,
      [profileId],
    );
    expect(events).toHaveLength(1);
    const out = await apiJob<{ batches: { id: string }[]; batchedEvents: number }>('POST', '/api/sevis/batches', token, {
      settingsId: settings!.id,
      eventIds: events.map((e) => e.id),
    });
    expect(out.batchedEvents).toBe(1);
    const [batch] = await query<{ xml: string }>('select xml from sevis_batches where id = $1', [out.batches[0]!.id]);
    expect(batch!.xml).toContain('<AddTIPP print7002="true">');
    expect(batch!.xml).toContain(`<SiteName>${SITE}</SiteName>`);
    expect(batch!.xml).toContain('<EmployerID>382345678</EmployerID>');
    expect(batch!.xml).toContain('<PhaseName>Laser optics</PhaseName>');
    expect(batch!.xml).not.toContain('<AddSiteOfActivity>');
  });
});
