import { describe, expect, it } from 'vitest';
import { parseUsDate as usDateToIso } from '@meridian/domain';
import { formatDateTyping, isoToUsDate } from './date-input';

describe('MM/DD/YYYY date input', () => {
  it('inserts the slashes as digits are typed and drops anything else', () => {
    expect(formatDateTyping('0')).toBe('0');
    expect(formatDateTyping('012')).toBe('01/2');
    expect(formatDateTyping('01152027')).toBe('01/15/2027');
    expect(formatDateTyping('01-15-2027x9')).toBe('01/15/2027');
  });
  it('hands back ISO only for a real day within 01/01/1753 and 12/31/9999', () => {
    expect(usDateToIso('01/15/2027')).toBe('2027-01-15');
    expect(usDateToIso('02/29/2028')).toBe('2028-02-29');
    expect(usDateToIso('02/29/2027')).toBeNull();
    expect(usDateToIso('13/01/2027')).toBeNull();
    expect(usDateToIso('01/01/1753')).toBe('1753-01-01');
    expect(usDateToIso('12/31/1752')).toBeNull();
    expect(usDateToIso('12/31/9999')).toBe('9999-12-31');
    expect(usDateToIso('01/15/27')).toBeNull();
  });
  it('shows ISO values as MM/DD/YYYY and leaves a date being typed as it is', () => {
    expect(isoToUsDate('2027-05-14')).toBe('05/14/2027');
    expect(isoToUsDate('05/1')).toBe('05/1');
  });
});
