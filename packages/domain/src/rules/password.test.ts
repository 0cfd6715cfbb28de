import { describe, expect, it } from 'vitest';
import { MSG } from '../messages.js';
import { isCommonPassword, ZForgotEmail, ZNewPassword, ZPasswordPair } from './password.js';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('new password rules', () => {
  it.each([
    ['', MSG.enterNewPassword],
    ['Ab1', MSG.passwordTooShort],
    ['alllowercase1', MSG.passwordComposition],
    ['ALLUPPERCASE1', MSG.passwordComposition],
    ['NoDigitsHere', MSG.passwordComposition],
    ['Password123', MSG.commonPassword],
    [`Aa1${'x'.repeat(63)}`, MSG.invalidLength],
  ])('%j is refused with the right message', (value, message) => {
    expect(firstMessage(ZNewPassword.safeParse(value))).toBe(message);
  });

  it('accepts a long, mixed password, and checks it whole (no truncation at 65 - 1)', () => {
    expect(ZNewPassword.safeParse('Harbour-lights-42').success).toBe(true);
    expect(ZNewPassword.safeParse(`Aa1${'x'.repeat(62)}`).success).toBe(true);
  });

  it("says 'Passwords should match' on the repeat field", () => {
    const r = ZPasswordPair.safeParse({ password: 'Harbour-lights-42', confirmPassword: 'Harbour-lights-43' });
    expect(r.error?.issues[0]).toMatchObject({ message: MSG.passwordsMatch, path: ['confirmPassword'] });
    expect(firstMessage(ZPasswordPair.safeParse({ password: 'Harbour-lights-42', confirmPassword: '' }))).toBe(MSG.repeatPassword);
  });

  it("refuses the institution's own words with digits", () => {
    expect(isCommonPassword('DemoUniversity1', ['Demo University'])).toBe(true);
    expect(isCommonPassword('University2026!', ['Demo University', 'Demo', 'University'])).toBe(true);
    expect(isCommonPassword('Harbour-lights-42', ['Demo University'])).toBe(false);
  });
});

describe('forgot-password e-mail', () => {
  it.each([
    ['', MSG.enterEmail],
    ['not-an-email', MSG.enterValidEmail],
    [`${'a'.repeat(60)}@x.edu`, MSG.enterValidEmail],
  ])('%j gives %j', (value, message) => {
    expect(firstMessage(ZForgotEmail.safeParse(value))).toBe(message);
  });
  it('accepts and trims a valid address', () => {
    expect(ZForgotEmail.parse('  dana@demo.example.edu ')).toBe('dana@demo.example.edu');
  });
});
