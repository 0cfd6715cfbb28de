import { z } from 'zod';
import { MSG } from '../messages.js';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 65;

/**
 * A short blocklist of passwords that pass the composition rule yet are among the most guessed.
 * The server adds the institution's own words (its name) when it checks.
 */
const COMMON = [
  'password1',
  'password12',
  'password123',
  'password1234',
  'passw0rd',
  'p@ssw0rd',
  'p@ssword1',
  'welcome1',
  'welcome123',
  'welcome2024',
  'welcome2025',
  'welcome2026',
  'qwerty123',
  'qwerty1234',
  'abc12345',
  'abcd1234',
  'letmein1',
  'iloveyou1',
  'admin123',
  'admin1234',
  'changeme1',
  'sunshine1',
  'football1',
  'baseball1',
  'monkey123',
  'dragon123',
  'master123',
  'trustno1',
  'summer2024',
  'summer2025',
  'summer2026',
  'winter2025',
  'winter2026',
  'spring2026',
  'autumn2026',
  'fall2026',
  'student1',
  'student123',
  'scholar1',
  'university1',
  'college1',
  'meridian1',
  'test1234',
  'zaq12wsx',
  '1qaz2wsx',
  'aa123456',
  'a1234567',
  'q1w2e3r4',
  'password2026',
  'password2025',
];

/** True when the password, ignoring case, is a known common one or one of the given words plus digits. */
export function isCommonPassword(password: string, extraWords: string[] = []): boolean {
  const lower = password.toLowerCase();
  if (COMMON.includes(lower)) return true;
  const stripped = lower.replace(/[^a-z]/g, '');
  return extraWords
    .map((w) => w.toLowerCase().replace(/[^a-z]/g, ''))
    .filter((w) => w.length >= 4)
    .some((w) => stripped === w || stripped === `${w}${w}`);
}

/** A new password (docs/product/auth.md#new-password-rules): the rules and their messages, and the common-password refusal. */
export const ZNewPassword = z
  .string({ error: MSG.enterNewPassword })
  .min(1, MSG.enterNewPassword)
  .min(PASSWORD_MIN, MSG.passwordTooShort)
  .max(PASSWORD_MAX, MSG.invalidLength)
  .refine((v) => /[a-z]/.test(v) && /[A-Z]/.test(v) && /\d/.test(v), MSG.passwordComposition)
  .refine((v) => !isCommonPassword(v), MSG.commonPassword);

/** New password plus repeat, with 'Passwords should match' on the repeat field. */
export const ZPasswordPair = z
  .object({
    password: ZNewPassword,
    confirmPassword: z.string({ error: MSG.repeatPassword }).min(1, MSG.repeatPassword),
  })
  .refine((v) => v.password === v.confirmPassword, { message: MSG.passwordsMatch, path: ['confirmPassword'] });

/** Forgot-password e-mail: 1 to 65 characters. */
export const ZForgotEmail = z
  .string({ error: MSG.enterEmail })
  .trim()
  .min(1, MSG.enterEmail)
  .max(65, MSG.enterValidEmail)
  .pipe(z.email({ error: MSG.enterValidEmail }));
