import { describe, expect, it } from 'vitest';
import { ZQuestionnaireItem, type TItemType, type TQuestionnaireContent, type TQuestionnaireItem } from '../contracts/forms/types.js';
import { checkCompleteness, FORM_MSG, isValidNumber, isValidUsDate } from './completeness.js';

let n = 0;
function item(type: TItemType, extra: Partial<TQuestionnaireItem> = {}): TQuestionnaireItem {
  n += 1;
  const id = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  return ZQuestionnaireItem.parse({ id, text: `Q${n}`, type, required: true, ...extra });
}
const contentOf = (...items: TQuestionnaireItem[]): TQuestionnaireContent => ({
  folders: [{ id: '00000000-0000-4000-8000-ffffffffffff', name: 'F', ordinal: 1, items }],
});
const opts = [
  { value: 'a', label: 'A' },
  { value: 'b', label: 'B' },
];

describe('questionnaire completeness', () => {
  it('a required item without an answer says Required field; an optional one is fine', () => {
    const req = item('SHORT');
    const opt = item('SHORT', { required: false });
    expect(checkCompleteness(contentOf(req, opt), {})).toEqual({ [req.id]: 'Required field' });
    expect(checkCompleteness(contentOf(req), { [req.id]: { value: '   ' } })).toEqual({ [req.id]: 'Required field' });
    expect(checkCompleteness(contentOf(req), { [req.id]: { value: 'ok' } })).toEqual({});
  });

  it('IFYXP needs an explanation on yes, IFNXP on no', () => {
    const y = item('IFYXP');
    const nn = item('IFNXP');
    const c = contentOf(y, nn);
    expect(checkCompleteness(c, { [y.id]: { value: 'yes' }, [nn.id]: { value: 'no', explanation: ' ' } })).toEqual({
      [y.id]: FORM_MSG.explain,
      [nn.id]: FORM_MSG.explain,
    });
    expect(checkCompleteness(c, { [y.id]: { value: 'no' }, [nn.id]: { value: 'yes' } })).toEqual({});
    expect(checkCompleteness(c, { [y.id]: { value: 'yes', explanation: 'Because' }, [nn.id]: { value: 'no', explanation: 'x' } })).toEqual(
      {},
    );
    expect(FORM_MSG.explain).toBe('Please explain your answer.');
  });

  it('a required multi-select needs at least one value', () => {
    const m = item('MULTI', { options: opts });
    expect(checkCompleteness(contentOf(m), { [m.id]: { value: [] } })).toEqual({ [m.id]: 'Select at least one option.' });
    expect(checkCompleteness(contentOf(m), { [m.id]: { value: ['a'] } })).toEqual({});
    expect(checkCompleteness(contentOf(m), { [m.id]: { value: ['z'] } })).toEqual({ [m.id]: 'Invalid value' });
  });

  it('numbers in NUMR fields, dates MM/DD/YYYY within bounds, ratings 1 to 5', () => {
    const num = item('FIELD', { datatype: 'NUMR' });
    const date = item('DATEO');
    const rate = item('RATNG');
    const c = contentOf(num, date, rate);
    expect(checkCompleteness(c, { [num.id]: { value: '12a' }, [date.id]: { value: '02/30/2024' }, [rate.id]: { value: 6 } })).toEqual({
      [num.id]: 'Invalid number',
      [date.id]: 'Invalid date',
      [rate.id]: FORM_MSG.rating,
    });
    expect(checkCompleteness(c, { [num.id]: { value: '-12.50' }, [date.id]: { value: '02/29/2024' }, [rate.id]: { value: 5 } })).toEqual(
      {},
    );
  });

  it('a selection must be one of its options', () => {
    const s = item('SELCT', { options: opts });
    expect(checkCompleteness(contentOf(s), { [s.id]: { value: 'c' } })).toEqual({ [s.id]: 'Invalid value' });
    expect(checkCompleteness(contentOf(s), { [s.id]: { value: 'b' } })).toEqual({});
  });
});

describe('date and number formats', () => {
  it.each([
    ['01/01/1753', true],
    ['12/31/9999', true],
    ['12/31/1752', false],
    ['1/1/2020', false],
    ['13/01/2020', false],
    ['2020-01-01', false],
    ['02/29/2023', false],
  ])('%s valid: %s', (s, ok) => expect(isValidUsDate(s)).toBe(ok));
  it.each([
    ['1', true],
    ['-3.25', true],
    ['1e5', false],
    ['', false],
    [' 7 ', true],
    [Number.NaN, false],
  ])('%j number: %s', (v, ok) => expect(isValidNumber(v)).toBe(ok));
});
