import { describe, expect, it } from 'vitest';
import { isLookupValueActive, LOOKUP_MSG, lookupCheckerOf, lookupOptionLabel, type TLookupValueLike } from './lookup-values.js';
import { validateStudentRequestData } from './student-request-fields.js';
import { studentRequestLookupChecks, studentRequestLookupKeys } from './student-request-lookups.js';

const v = (code: string, o: Partial<TLookupValueLike> = {}): TLookupValueLike => ({
  code,
  label: code,
  attributes: {},
  activeFrom: null,
  activeUntil: null,
  ...o,
});

describe('a value’s days (docs/product/lookups.md#retiring-a-value)', () => {
  it('is offered from its first day, and no longer from the day it is retired', () => {
    const x = v('X', { activeFrom: '2026-01-10', activeUntil: '2026-03-01' });
    expect(isLookupValueActive(x, '2026-01-09')).toBe(false);
    expect(isLookupValueActive(x, '2026-01-10')).toBe(true);
    expect(isLookupValueActive(x, '2026-02-28')).toBe(true);
    expect(isLookupValueActive(x, '2026-03-01')).toBe(false);
    expect(isLookupValueActive(v('Y'), '1900-01-01')).toBe(true);
  });
});

describe('checking a field’s value against a loaded list', () => {
  const lists = {
    'us-states': [v('MA', { label: 'Massachusetts' }), v('VT', { label: 'Vermont', activeUntil: '2026-01-01' })],
    'citizenship-countries': [
      v('CH', { label: 'China', attributes: { iso: 'CN' } }),
      v('SZ', { label: 'Switzerland', attributes: { iso: 'CH' } }),
    ],
    'education-levels': [v('05', { attributes: { f1: 'Y' } }), v('09', { attributes: { f1: 'N' } })],
  };
  const check = lookupCheckerOf(lists, '2026-06-01');

  it('answers offered, retired, not on the list, or not known here', () => {
    expect(check({ key: 'us-states' }, 'MA')).toBe('active');
    expect(check({ key: 'us-states' }, 'ma')).toBe('active');
    expect(check({ key: 'us-states' }, 'VT')).toBe('retired');
    expect(check({ key: 'us-states' }, 'XX')).toBe('unknown');
    expect(check({ key: 'subject-fields' }, '11.0701')).toBeUndefined();
  });

  it('reads the attribute a field stores (a country’s ISO code), and the kind of value it asks for', () => {
    expect(check({ key: 'citizenship-countries', by: 'iso' }, 'CH')).toBe('active');
    expect(check({ key: 'citizenship-countries', by: 'iso' }, 'SZ')).toBe('unknown');
    expect(check({ key: 'education-levels', where: { f1: 'Y' } }, '05')).toBe('active');
    expect(check({ key: 'education-levels', where: { f1: 'Y' } }, '09')).toBe('unknown');
  });

  it('draws options as label and stored value', () => {
    expect(lookupOptionLabel('Massachusetts', 'MA')).toBe('Massachusetts (MA)');
    expect(lookupOptionLabel('', 'MA')).toBe('MA');
    // Meridian's own keys (highest education's 1 to 9) are not shown.
    expect(lookupOptionLabel('Doctorate degree', '3', 'highest-education')).toBe('Doctorate degree');
    // Nor SEVIS Table 6's codes: "Part time" says all "02" does.
    expect(lookupOptionLabel('Part time', '02', 'employment-times')).toBe('Part time');
    expect(lookupOptionLabel('Massachusetts', 'MA', 'us-states')).toBe('Massachusetts (MA)');
  });

  it('the student request rules refuse, on the field, what the list does not offer; without the list they leave it to the server', () => {
    const data = { us_address_line_1: '1 Main St', us_city: 'Burlington', us_state: 'VT', us_zip_code: '05401' };
    expect(validateStudentRequestData('contact_info_update', data, { today: '2026-06-01', lookups: check }, 'submit')).toEqual({
      us_state: [LOOKUP_MSG.retired],
    });
    expect(
      validateStudentRequestData('contact_info_update', { ...data, us_state: 'MA' }, { today: '2026-06-01', lookups: check }, 'submit'),
    ).toEqual({});
    expect(validateStudentRequestData('contact_info_update', data, { today: '2026-06-01' }, 'submit')).toEqual({});
  });

  it('names the lists a form reads and the values its data gives them', () => {
    expect(studentRequestLookupKeys('transfer_in')).toContain('citizenship-countries');
    expect(studentRequestLookupKeys('col_request').sort()).toEqual(['education-levels', 'subject-fields']);
    expect(
      studentRequestLookupChecks('col_request', {
        new_education_level: '06',
        new_major: ' 26.0101 ',
        col_program_start_date: '2026-08-20',
      }),
    ).toEqual([
      { ref: { key: 'education-levels', where: { f1: 'Y' } }, value: '06' },
      { ref: { key: 'subject-fields', where: { student: 'Y' } }, value: '26.0101' },
    ]);
  });
});
