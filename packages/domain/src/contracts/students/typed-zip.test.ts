import { describe, expect, it } from 'vitest';
import { MSG } from '../../messages.js';
import { MSG_TIPP_ZIP, ZTippAddress } from './tipp.js';
import { ZEmploymentInput } from './opt.js';

// A T/IPP site's PostalCode and an OPT employer's ZIP are 5 digits (SEVIS Common.xsd USPostalCode / ZipCode).
// Typed with a space or hyphen, they are kept as their digits; a ZIP+4 is refused with the field's message,
// never cut to 5 (docs/product/ui.md#digits-amounts-and-text).
describe('a ZIP code typed as people write it', () => {
  const tipp = (postalCode: string) => ZTippAddress.safeParse({ line1: '1 Main St', postalCode });

  it('keeps 5 digits, with or without a space inside', () => {
    expect(tipp('61820').data?.postalCode).toBe('61820');
    expect(tipp(' 61 820 ').data?.postalCode).toBe('61820');
  });

  it('refuses 4 digits, 6 digits and a ZIP+4 with the ZIP message, not a cut', () => {
    for (const typed of ['6182', '618201', '61820-1234']) {
      const r = tipp(typed);
      expect(r.success, typed).toBe(false);
      expect(r.error?.issues[0]?.message, typed).toBe(MSG_TIPP_ZIP);
    }
  });

  it('does the same for an OPT employer address', () => {
    const opt = (postalCode: string) =>
      ZEmploymentInput.safeParse({
        employerName: 'Acme',
        employerEin: '12-3456789',
        startDate: '2026-01-05',
        fullOrPartTime: '01',
        employerAddress: { line1: '1 Main St', postalCode },
      });
    const ok = opt('61 820');
    expect(ok.error?.issues ?? []).toEqual([]);
    expect(ok.data?.employerAddress?.postalCode).toBe('61820');
    expect(ok.data?.employerEin).toBe('123456789');
    const bad = opt('61820-1234');
    expect(bad.error?.issues.find((i) => i.path.join('.') === 'employerAddress.postalCode')?.message).toBe(MSG.invalidNumber);
  });
});
