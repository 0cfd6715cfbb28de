// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import type { lookupsApi } from '@meridian/domain';
import { brandingQueryKey, DEFAULT_BRANDING } from '../../../../app/branding';
import { seedLookupLists } from '../../../lookups/api/lookups';
import { identityFields } from './record-fields';
import { FieldInputs } from './record-section';

afterEach(cleanup);

// docs/product/lookups.md#how-forms-use-the-lists: the record's gender is chosen from the office's `genders` list (SEVIS
// Table 36), in its order and words; an exchange visitor is offered only the codes for one (not U), and a retired code is
// not offered.
const genders: lookupsApi.TLookupChoice[] = [
  { code: 'F', label: 'Female', attributes: { ev: 'Y' }, state: 'active' },
  { code: 'M', label: 'Male', attributes: { ev: 'Y' }, state: 'active' },
  { code: 'U', label: 'Not known', attributes: { ev: 'N' }, state: 'active' },
];

function IdentityForm({ visaType, gender }: { visaType: string; gender: string }) {
  const form = useForm<Record<string, unknown>>({ defaultValues: { gender } });
  return <FieldInputs form={form} fields={identityFields(visaType).filter((f) => f.name === 'gender')} />;
}

function renderForm(visaType: string, values: lookupsApi.TLookupChoice[], gender = '') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(brandingQueryKey, DEFAULT_BRANDING);
  seedLookupLists(client, { genders: values });
  render(
    <QueryClientProvider client={client}>
      <IdentityForm visaType={visaType} gender={gender} />
    </QueryClientProvider>,
  );
}

const optionsOf = (name: RegExp) => {
  fireEvent.mouseDown(screen.getByRole('combobox', { name }));
  return within(screen.getByRole('listbox'))
    .getAllByRole('option')
    .map((o) => o.textContent);
};

describe('the record’s gender', () => {
  it('an F-1 record is offered the office’s gender codes, in its order and words', () => {
    renderForm('F-1', genders);
    expect(optionsOf(/Gender/)).toEqual(['Not selected', 'Female (F)', 'Male (M)', 'Not known (U)']);
  });

  it('an exchange visitor is offered only the codes for one (SEVIS Table 36: U is not)', () => {
    renderForm('J-1', genders);
    expect(optionsOf(/Gender/)).toEqual(['Not selected', 'Female (F)', 'Male (M)']);
  });

  it('a retired code is not offered', () => {
    renderForm('F-1', [genders[0]!, genders[1]!, { ...genders[2]!, state: 'retired', activeUntil: '2026-01-01' }]);
    expect(optionsOf(/Gender/)).toEqual(['Not selected', 'Female (F)', 'Male (M)']);
  });
});
