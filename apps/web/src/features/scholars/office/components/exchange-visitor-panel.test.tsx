// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { SEVIS_EVENT_STATUS_LABELS, type lookupsApi, type scholarsApi, type TLookupKey } from '@meridian/domain';
import { lookupQuery, seedLookupLists } from '../../../lookups/api/lookups';
import { ExchangeVisitorPanel } from './exchange-visitor-panel';

afterEach(cleanup);

/** A J-1 case as the office reads it; only what the panel uses. */
const j1Case = (o: Partial<scholarsApi.TOfficeCase>): scholarsApi.TOfficeCase =>
  ({
    id: '00000000-0000-4000-8000-000000000001',
    version: 3,
    processedState: 'J-1',
    campusSiteId: 1,
    officeData: { j1Category: 'RESEARCH SCHOLAR' },
    data: {},
    exchangeVisitor: null,
    canCreateExchangeVisitor: true,
    ...o,
  }) as scholarsApi.TOfficeCase;

/** The office's code lists the panel reads (docs/product/lookups.md#how-forms-use-the-lists), as loaded. */
const LISTS: Partial<Record<TLookupKey, Array<[string, string]>>> = {
  'ev-categories': [
    ['08', 'Research scholar'],
    ['04', 'Professor'],
  ],
  'ev-positions': [['213', 'Research scientist']],
  'dependent-relationships': [
    ['01', 'Spouse'],
    ['02', 'Child'],
  ],
  'ev-print-reasons': [
    ['06', 'Begin new program: accompanying the exchange visitor'],
    ['08', 'Permit the dependent to join the exchange visitor (following to join)'],
  ],
};

/** The office's J-1 scholar categories, each with the program category it is sent as (attribute `ev`). */
const SCHOLAR_CATEGORY_VALUES: lookupsApi.TLookupChoice[] = [
  { code: 'RESEARCH SCHOLAR', label: 'Research scholar', attributes: { ev: '08' }, state: 'active' },
  { code: 'PROFESSOR', label: 'Professor', attributes: { ev: '04' }, state: 'active' },
];

function show(c: scholarsApi.TOfficeCase, scholarCategories: lookupsApi.TLookupChoice[] = SCHOLAR_CATEGORY_VALUES) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  seedLookupLists(client, { 'scholar-categories': scholarCategories });
  for (const [key, values] of Object.entries(LISTS) as Array<[TLookupKey, Array<[string, string]>]>) {
    const list = { key, name: key, description: '', source: '', allowsOfficeValues: false, attributes: [] };
    const choices: lookupsApi.TLookupChoice[] = values.map(([code, label]) => ({ code, label, attributes: {}, state: 'active' }));
    client.setQueryData(lookupQuery(key, []).queryKey, {
      list: { ...list, activeCount: values.length, retiredCount: 0, officeCount: 0 },
      values: choices,
    });
  }
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ExchangeVisitorPanel c={c} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the exchange visitor panel (docs/product/scholars-office.md#exchange-visitor-record)', () => {
  it("gives each dependent of the J-1 application a labelled section to confirm for SEVIS, the application's words beside the codes", () => {
    show(
      j1Case({
        data: {
          category: 'RESEARCH SCHOLAR',
          isHavingFamily: true,
          dependents: [
            { firstName: 'Maren', lastName: 'Halvorsen', relationship: 'spouse', dateOfBirth: '1989-06-02', countryOfBirth: 'Norway' },
            { firstName: 'Eirik', lastName: 'Halvorsen', relationship: 'child', dateOfBirth: '2019-09-15', countryOfBirth: 'NO' },
          ],
        },
      }),
    );
    const family = screen.getByRole('region', { name: 'Family coming along (J-2)' });
    expect(within(family).getByRole('heading', { level: 3 }).textContent).toBe('Family coming along (J-2)');
    const spouse = within(family).getByRole('region', { name: 'Dependent 1: Maren Halvorsen' });
    expect(within(spouse).getByRole<HTMLInputElement>('textbox', { name: /First name/ }).value).toBe('Maren');
    expect(within(spouse).getByRole<HTMLInputElement>('textbox', { name: /Date of birth/ }).value).toBe('06/02/1989');
    expect(within(spouse).getByText('The application says: Norway')).toBeTruthy();
    // SEVIS EVPrintReasonType: the family comes along with the new program (06) unless the office says otherwise.
    expect(within(spouse).getByRole('combobox', { name: /DS-2019 purpose/ }).textContent).toContain('06');
    expect(within(spouse).getByRole('switch', { name: 'Add Maren Halvorsen as a J-2 dependent' })).toBeTruthy();
    const child = within(family).getByRole('region', { name: 'Dependent 2: Eirik Halvorsen' });
    expect(within(child).getByRole('combobox', { name: /Relationship/ }).textContent).toContain('Child');
    // A two-letter country in the application is taken as the code.
    expect(within(child).getByRole<HTMLInputElement>('textbox', { name: /Country of birth \(code\)/ }).value).toBe('NO');
  });

  it('copies no family when the scholar said none comes, and asks no campus site of a case that has one', () => {
    show(j1Case({ data: { isHavingFamily: false, dependents: [{ firstName: 'Maren' }] } }));
    expect(screen.queryByRole('region', { name: 'Family coming along (J-2)' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: /Campus site of the record/ })).toBeNull();
  });

  it('lists the J-2 dependents of the record with the SEVIS ID each got', () => {
    show(
      j1Case({
        canCreateExchangeVisitor: false,
        exchangeVisitor: {
          profileId: '00000000-0000-4000-8000-000000000002',
          sevisId: 'N0012340001',
          sevisStatus: 'Initial',
          evCategoryCode: '08',
          createStatus: 'succeeded',
          createMessage: '',
          dependents: [
            { id: 'a', firstName: 'Maren', lastName: 'Halvorsen', relationshipCode: '01', sevisId: 'N0012340011', status: 'Active' },
            { id: 'b', firstName: 'Eirik', lastName: 'Halvorsen', relationshipCode: '02', sevisId: null, status: 'Active' },
          ],
        },
      }),
    );
    expect(screen.getByText(SEVIS_EVENT_STATUS_LABELS.succeeded)).toBeTruthy();
    const table = screen.getByRole('table', { name: 'J-2 dependents' });
    const rows = within(table)
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(rows).toEqual([
      'NameRelationshipSEVIS IDStatus',
      'Maren HalvorsenSpouse (01)N0012340011Active',
      'Eirik HalvorsenChild (02)Not assigned yetActive',
    ]);
  });

  it('proposes the program category the case’s J-1 category has on the office’s list, one the office added too', () => {
    show(j1Case({ data: { category: 'RESEARCH SCHOLAR' } }));
    expect(screen.getByRole('combobox', { name: /Exchange visitor category/ }).textContent).toContain('Research scholar (08)');
    cleanup();
    show(j1Case({ officeData: { j1Category: 'VISITING FELLOW' } as scholarsApi.TOfficeCase['officeData'] }), [
      ...SCHOLAR_CATEGORY_VALUES,
      { code: 'VISITING FELLOW', label: 'Visiting fellow', attributes: { ev: '04' }, state: 'active' },
    ]);
    expect(screen.getByRole('combobox', { name: /Exchange visitor category/ }).textContent).toContain('Professor (04)');
  });

  it('proposes none for a category the office added without a program category: the office chooses it', () => {
    show(j1Case({ officeData: { j1Category: 'VISITING FELLOW' } as scholarsApi.TOfficeCase['officeData'] }), [
      ...SCHOLAR_CATEGORY_VALUES,
      { code: 'VISITING FELLOW', label: 'Visiting fellow', attributes: {}, state: 'active' },
    ]);
    const category = screen.getByRole('combobox', { name: /Exchange visitor category/ });
    expect(category.textContent).not.toMatch(/\(0\d\)/);
  });
});
