import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../app/http/api-error';
import {
  blankCohortForm,
  cohortBody,
  cohortRowErrors,
  cohortRowFromFile,
  emptyCohortRow,
  errorsOnTableRows,
  type TCohortForm,
  type TCohortRow,
} from './j1-cohort-form';

/** The J-1 cohort page's form (docs/product/students-records.md#j-1-cohort). */
const row = (over: Partial<TCohortRow>): TCohortRow => ({ ...emptyCohortRow(), ...over });

function filled(): TCohortForm {
  return {
    ...blankCohortForm('3'),
    evCategoryCode: '1F',
    evPositionCode: ' 213 ',
    subjectFieldCode: '45.0601',
    programStartDate: '1/11/2027',
    programEndDate: '05/21/2027',
    receivedUsGovtFunds: 'no',
    financials: { schoolFunds: '4000', personalFunds: '', otherFunds: '', otherFundsRemarks: '' },
    participants: [
      emptyCohortRow(),
      row({ lastName: ' Tanaka ', firstName: 'Aiko', birthDate: '04/12/2004', gender: 'f', birthCountryCode: 'jp' }),
      emptyCohortRow(),
      row({ lastName: 'Sato', birthDate: '02/30/2004', programEndDate: '12/18/2027' }),
    ],
  };
}

describe('cohortBody', () => {
  it('sends the filled rows only and remembers which table row each is; dates as YYYY-MM-DD, codes upper case', () => {
    const { body, rowOf } = cohortBody(filled(), false);
    expect(rowOf).toEqual([1, 3]);
    expect(body).toMatchObject({
      campusSiteId: 3,
      evPositionCode: '213',
      programStartDate: '2027-01-11',
      programEndDate: '2027-05-21',
      receivedUsGovtFunds: false,
      financials: { schoolFunds: '4000', personalFunds: undefined, otherFundsRemarks: '' },
      checkOnly: false,
    });
    expect(body.participants).toEqual([
      expect.objectContaining({ lastName: 'Tanaka', birthDate: '2004-04-12', gender: 'F', birthCountryCode: 'JP', programStartDate: '' }),
      // Not a day: only its shape changes, and the server names it on its row ("Invalid date").
      expect.objectContaining({ lastName: 'Sato', birthDate: '2004-02-30', programEndDate: '2027-12-18' }),
    ]);
  });

  it('sends what is not filled in so the server says so on the field: no campus site 0, funds not answered null', () => {
    const { body } = cohortBody({ ...filled(), campusSiteId: '', receivedUsGovtFunds: '' }, true);
    expect(body).toMatchObject({ campusSiteId: 0, receivedUsGovtFunds: null, checkOnly: true });
    expect(body.site).toEqual({ name: '', address: { line1: '', line2: '', city: '', state: '', postalCode: '' } });
  });
});

describe('errorsOnTableRows', () => {
  it('puts a participant’s field error on its table row; the other fields keep their names', () => {
    const e = new ApiError(422, {
      code: 'VALIDATION',
      message: 'Nothing was created',
      fieldErrors: {
        'participants.1.birthDate': ['Invalid date'],
        'participants.0.lastName': ['x'],
        'site.address.postalCode': ['Required field'],
      },
    });
    expect(errorsOnTableRows(e, [1, 3]).fieldErrors).toEqual({
      'participants.3.birthDate': ['Invalid date'],
      'participants.1.lastName': ['x'],
      'site.address.postalCode': ['Required field'],
    });
  });
});

describe('cohortRowFromFile and cohortRowErrors', () => {
  it('shows a date the server read as MM/DD/YYYY and anything it could not read as the file had it', () => {
    expect(cohortRowFromFile({ lastName: 'Tanaka', birthDate: '2004-04-12', programStartDate: '13/01/2027' })).toMatchObject({
      lastName: 'Tanaka',
      birthDate: '04/12/2004',
      programStartDate: '13/01/2027',
      email: '',
    });
  });

  it('lists the rows with errors and their messages by column', () => {
    const errors = {
      participants: [
        undefined,
        { birthDate: { type: 'server', message: 'Invalid date' }, gender: { type: 'server', message: 'Choose M or F' } },
      ],
    };
    expect(cohortRowErrors(errors as never)).toEqual([{ index: 1, messages: ['Birth date: Invalid date', 'Gender: Choose M or F'] }]);
  });
});
