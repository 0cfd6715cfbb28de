import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from './app.js';
import { buildScholarCase } from './factories/index.js';

// docs/product/lookups.md#how-forms-use-the-lists: scholar applications keep countries by ISO code. Applications saved
// before held them in words; the migration 0061 turns each that names a country of the office's list into its code.

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const MIGRATION = new URL('../migrations/0061_scholar_application_country_codes.sql', import.meta.url);
async function migrate() {
  for (const statement of readFileSync(MIGRATION, 'utf8').split('--> statement-breakpoint')) await t.sql(statement);
}

describe('countries in words on applications saved before', () => {
  it('become the ISO code of the office’s list (its words or SEVIS’s, any case); anything else is kept; a second run changes nothing', async () => {
    const c = await buildScholarCase(t, { department: 'PHYS' });
    const data = {
      firstName: 'Lena',
      countryOfBirth: 'Japan',
      countryOfCitizenship: ' czech republic ',
      foreignAddressCountry: 'Atlantis',
      dependents: [{ firstName: 'Eirik', countryOfBirth: 'NORWAY' }, { firstName: 'Ola', countryOfBirth: 'NO' }, { firstName: 'Kari' }],
    };
    await t.sql('update scholar_applications set data = $2::jsonb where id = $1', [c.applicationId, JSON.stringify(data)]);
    await migrate();
    const [row] = await t.sql<{ data: Record<string, unknown> }>('select data from scholar_applications where id = $1', [c.applicationId]);
    expect(row!.data).toEqual({
      ...data,
      countryOfBirth: 'JP',
      // The Czech Republic is SEVIS's EZ and ISO's CZ: forms keep the ISO code.
      countryOfCitizenship: 'CZ',
      foreignAddressCountry: 'Atlantis',
      dependents: [{ firstName: 'Eirik', countryOfBirth: 'NO' }, { firstName: 'Ola', countryOfBirth: 'NO' }, { firstName: 'Kari' }],
    });
    await migrate();
    const [again] = await t.sql<{ data: Record<string, unknown> }>('select data from scholar_applications where id = $1', [
      c.applicationId,
    ]);
    expect(again!.data).toEqual(row!.data);
  });
});
