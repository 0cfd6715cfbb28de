import { describe, expect, it } from 'vitest';
import { digitsTyped, phoneDigitsTyped } from './typed-numbers.js';

// A U.S. phone is 10 digits (area code, exchange, line: the North American Numbering Plan; SEVIS's
// USPhoneNumberType); an EIN is 9 digits written XX-XXXXXXX (IRS, Publication 1635).
describe('numbers typed with punctuation', () => {
  it('takes the usual punctuation out of an EIN and keeps every digit', () => {
    expect(digitsTyped('12-3456789')).toBe('123456789');
    expect(digitsTyped('12 3456789')).toBe('123456789');
    // One digit too many is not cut: the field's length check refuses it.
    expect(digitsTyped('12-34567890')).toBe('1234567890');
    expect(digitsTyped('12-345678')).toBe('12345678');
  });

  it('keeps what is not punctuation, for the check to refuse', () => {
    expect(digitsTyped('12-34567A9')).toBe('1234567A9');
    expect(digitsTyped('#123')).toBe('#123');
    // A dot may be a decimal point (an amount): it is never dropped from a digits field.
    expect(digitsTyped('55000.50')).toBe('55000.50');
  });

  it('reads a U.S. phone however it is written, with or without the country code 1', () => {
    for (const typed of [
      '217-555-0199',
      '(217) 555-0199',
      '217.555.0199',
      '217 555 0199',
      '+1 217 555 0199',
      '1-217-555-0199',
      '217–555–0199',
    ])
      expect(phoneDigitsTyped(typed, true), typed).toBe('2175550199');
    // 9 and 11 digits (not starting with 1) stay as typed, so the 10-digit check refuses them.
    expect(phoneDigitsTyped('217-555-019', true)).toBe('217555019');
    expect(phoneDigitsTyped('2-217-555-0199', true)).toBe('22175550199');
  });

  it('keeps a foreign number whole, with no + in front', () => {
    expect(phoneDigitsTyped('+44 20 7946 0958', false)).toBe('442079460958');
    expect(phoneDigitsTyped('1 555 0100 222', false)).toBe('15550100222');
  });
});
