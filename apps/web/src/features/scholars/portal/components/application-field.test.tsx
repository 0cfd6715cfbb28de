// @vitest-environment happy-dom
import { useState, type ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render as draw, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { scholarFormDef, type lookupsApi, type TLookupKey, type TScholarFieldDef } from '@meridian/domain';
import { seedLookupLists } from '../../../lookups/api/lookups';
import { ApplicationField } from './application-field';
import { ApplicationFormView } from './application-form-view';

afterEach(cleanup);

/**
 * The form reads its states, countries, categories and levels from the office's code lists
 * (docs/product/lookups.md#how-forms-use-the-lists), as loaded: the office's labels and order.
 */
const LISTS: Partial<Record<TLookupKey, lookupsApi.TLookupChoice[]>> = {
  'scholar-categories': [
    { code: 'RESEARCH SCHOLAR', label: 'Research scholar', attributes: { ev: '08' }, state: 'active' },
    { code: 'PROFESSOR', label: 'Professor', attributes: { ev: '04' }, state: 'active' },
    { code: 'VISITING FELLOW', label: 'Visiting fellow (the office’s)', attributes: { ev: '08' }, state: 'active' },
  ],
  'us-states': [{ code: 'MA', label: 'Massachusetts', attributes: {}, state: 'active' }],
  'birth-countries': [
    { code: 'JA', label: 'Japan', attributes: { iso: 'JP' }, state: 'active' },
    { code: 'NO', label: 'Norway', attributes: { iso: 'NO' }, state: 'active' },
  ],
  'citizenship-countries': [{ code: 'JA', label: 'Japan', attributes: { iso: 'JP' }, state: 'active' }],
};
function render(ui: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  seedLookupLists(client, LISTS);
  return draw(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

/** A J-1 form's field by name. */
function j1Field(name: string): TScholarFieldDef {
  return scholarFormDef('J-1')!
    .sections.flatMap((s) => s.fields)
    .find((f) => f.name === name)!;
}

function Harness({ f, error }: { f: TScholarFieldDef; error?: string }) {
  const [value, setValue] = useState<unknown>('');
  return (
    <>
      <ApplicationField
        field={f}
        path={f.name}
        value={value}
        required={false}
        error={error}
        readOnly={false}
        onChange={setValue}
        onBlur={() => undefined}
      />
      <output data-testid="saved">{String(value)}</output>
    </>
  );
}

// A digits answer (whole dollars of funding) is kept as typed: no length cap, no characters dropped
// (docs/product/ui.md#digits-amounts-and-text); only spaces and hyphens come out on leaving the field.
describe('a digits answer on a scholar application', () => {
  it('keeps 55 000 as 55000 once the field is left', () => {
    render(<Harness f={j1Field('fundingPersonal')} />);
    const input = screen.getByRole<HTMLInputElement>('textbox', { name: 'Personal funds' });
    fireEvent.change(input, { target: { value: '55 000' } });
    expect(input.value).toBe('55 000');
    fireEvent.blur(input);
    expect(screen.getByTestId('saved').textContent).toBe('55000');
  });

  it('never reads 55000.50 as 5500050: the cents stay for the message to point at, beside the hint', () => {
    render(<Harness f={j1Field('fundingPersonal')} error="Enter whole dollars: digits only, without cents." />);
    const input = screen.getByRole<HTMLInputElement>('textbox', { name: 'Personal funds' });
    fireEvent.change(input, { target: { value: '55000.50' } });
    fireEvent.blur(input);
    expect(input.value).toBe('55000.50');
    expect(screen.getByText('Enter whole dollars: digits only, without cents.')).toBeTruthy();
    expect(screen.getByText('Whole U.S. dollars')).toBeTruthy();
  });

  it('never cuts a number longer than the field allows', () => {
    render(<Harness f={j1Field('fundingPersonal')} />);
    const input = screen.getByRole<HTMLInputElement>('textbox', { name: 'Personal funds' });
    fireEvent.change(input, { target: { value: '1234567890' } });
    expect(input.value).toBe('1234567890');
  });
});

describe('a choice from the office’s lists on a scholar application', () => {
  it('offers the J-1 categories as the office names and orders them, its own value included', () => {
    render(<Harness f={j1Field('category')} />);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Category' }));
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Not selected',
      // The category's code is Meridian's own key: the options show the office's words alone.
      'Research scholar',
      'Professor',
      'Visiting fellow (the office’s)',
    ]);
    fireEvent.click(options[3]!);
    expect(screen.getByTestId('saved').textContent).toBe('VISITING FELLOW');
  });

  it('offers the countries of birth by name and keeps the ISO code', () => {
    render(<Harness f={j1Field('countryOfBirth')} />);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Country of birth/ }));
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Norway (NO)' }));
    expect(screen.getByTestId('saved').textContent).toBe('NO');
  });

  it('shows the saved codes by the office’s labels in the read-only form', async () => {
    render(
      <ApplicationFormView
        processedState="J-1"
        sections={['beneficiary', 'program']}
        data={{ countryOfBirth: 'JP', countryOfCitizenship: 'JP', category: 'PROFESSOR' }}
      />,
    );
    expect(await screen.findByText('Professor')).toBeTruthy();
    expect(screen.getAllByText('Japan (JP)')).toHaveLength(2);
  });
});
