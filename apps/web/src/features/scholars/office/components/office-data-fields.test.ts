import { describe, expect, it } from 'vitest';
import { scholarsApi } from '@meridian/domain';
import { filledOfficeGroups, officeFieldGroupsOf } from './office-data-fields';

describe('office data fields (one definition for the office form and the department view)', () => {
  it('reads H-1B data with the form labels, in the form order, filled-in fields only', () => {
    const groups = filledOfficeGroups('H-1B', {
      wageUnit: 'year',
      offeredWage: '84000',
      lcaNumber: 'I-200-26301-442211',
      lcaEndDate: '2027-01-31',
      socCode: '',
      sevisId: 'N0031234567',
      j1Category: 'RESEARCH SCHOLAR',
      notes: '',
    });
    expect(groups).toEqual([
      {
        title: 'Labor condition application',
        rows: [
          ['LCA case number', 'I-200-26301-442211'],
          ['LCA end date', '01/31/2027'],
        ],
      },
      {
        title: 'Occupation and wages',
        rows: [
          ['Offered wage (USD)', '$84,000'],
          ['Wage unit', 'per year'],
        ],
      },
    ]);
  });

  it('reads J-1 data as the program, with no petition fields', () => {
    const groups = filledOfficeGroups('J-1', {
      j1Category: 'RESEARCH SCHOLAR',
      sevisId: 'N0031234567',
      lcaNumber: 'X',
      fundingAmount: '1200.5',
    });
    expect(groups).toEqual([
      {
        title: 'Exchange visitor program',
        rows: [
          ['Category', 'RESEARCH SCHOLAR'],
          ['SEVIS ID', 'N0031234567'],
          ['Funding (USD)', '$1,200.50'],
        ],
      },
    ]);
  });

  it('has nothing to show when nothing is filled in, and every field of the contract has a place', () => {
    expect(filledOfficeGroups('O-1', {})).toEqual([]);
    const keys = [...officeFieldGroupsOf('H-1B'), ...officeFieldGroupsOf('J-1')].flatMap((g) => g.fields.map((f) => f.key));
    expect(new Set(keys)).toEqual(new Set(Object.keys(scholarsApi.ZOfficeData.shape)));
  });
});
