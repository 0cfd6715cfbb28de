// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { NEW_DEPENDENT, type TStudentRequestData, type TStudentRequestDependent } from '@meridian/domain';
import { StudentRequestForm } from './student-request-form';

afterEach(cleanup);

// SEVIS Create-UpdateStudent 6.55 Dependent: an Edit names the dependent by its SEVIS ID, a new F-2 is an Add;
// the Dependent Information Update offers the student's own dependents (docs/product/students-requests.md).
const spouse: TStudentRequestDependent = {
  id: '0b9e2f4a-5c61-4c1e-9d0a-1f2e3d4c5b6a',
  sevisId: 'N0031234568',
  firstName: 'Arjun',
  lastName: 'Sharma',
  relationshipCode: '01',
  gender: 'M',
  birthDate: '1997-11-02',
  birthCity: 'Pune',
  birthCountryCode: 'IN',
  citizenshipCountryCode: 'IN',
  permanentResidenceCountryCode: 'IN',
};
const child: TStudentRequestDependent = {
  ...spouse,
  id: '7d1c3b2a-9e8f-4a6b-8c5d-2e1f0a9b8c7d',
  sevisId: null,
  firstName: 'Anika',
  relationshipCode: '02',
};

function form(data: TStudentRequestData, readOnly = false) {
  // The country fields read the office's code lists (docs/product/lookups.md): nothing answers here, so they stay unloaded.
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, enabled: false } } });
  render(
    <QueryClientProvider client={client}>
      <StudentRequestForm
        code="dependent_info_update"
        data={data}
        errors={{}}
        readOnly={readOnly}
        context={{ dependents: [spouse, child] }}
        onChange={() => undefined}
        onBlur={() => undefined}
      />
    </QueryClientProvider>,
  );
}

describe('the Dependent Information Update form', () => {
  it('offers the dependents on record, with the SEVIS ID where SEVIS has one, and a new dependent', () => {
    form({});
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Dependent/ }));
    const options = within(screen.getByRole('listbox'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual([
      'Not selected',
      'Arjun Sharma (spouse, SEVIS ID N0031234568)',
      'Anika Sharma (child, no SEVIS ID yet)',
      'Add a new dependent',
    ]);
  });

  it('with a dependent on record chosen, each field says what the record holds (an empty field keeps it)', () => {
    form({ dependent_id: spouse.id });
    expect(screen.getByRole('combobox', { name: /Dependent/ }).textContent).toBe('Arjun Sharma (spouse, SEVIS ID N0031234568)');
    expect(screen.getByText('On your record: Arjun')).toBeTruthy();
    expect(screen.getByText('On your record: Spouse')).toBeTruthy();
    expect(screen.getByText('On your record: 11/02/1997', { exact: false })).toBeTruthy();
  });

  it('a new dependent shows no record values', () => {
    form({ dependent_id: NEW_DEPENDENT });
    expect(screen.getByRole('combobox', { name: /Dependent/ }).textContent).toBe('Add a new dependent');
    expect(screen.queryByText(/On your record/)).toBeNull();
  });

  it('read only (the review step), the choice reads as the dependent', () => {
    form({ dependent_id: child.id, dependent_birth_city: 'Mumbai' }, true);
    expect(screen.getByText('Anika Sharma (child, no SEVIS ID yet)')).toBeTruthy();
    expect(screen.getByText('Mumbai')).toBeTruthy();
  });
});
