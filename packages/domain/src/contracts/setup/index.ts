import { z } from 'zod';
import { MSG } from '../../messages.js';
import { ZNewPassword } from '../../rules/password.js';
import { defineRoute } from '../define.js';
import { ZBrandColor, ZTimeZone } from '../institutions/index.js';

export const ZSetupStatus = z.object({ setupRequired: z.boolean() });

export const ZSetupInput = z
  .object({
    institutionName: z.string().trim().min(1, MSG.required).max(120, MSG.invalidLength),
    primaryColor: ZBrandColor('primaryColor'),
    secondaryColor: ZBrandColor('secondaryColor'),
    publicBaseUrl: z
      .string()
      .trim()
      .min(1, MSG.required)
      .regex(/^https?:\/\/[^\s/]+(:\d+)?(\/[^\s]*)?$/i, 'Enter a full web address starting with https://'),
    timeZone: ZTimeZone,
    firstName: z.string().trim().min(1, MSG.required).max(60, MSG.invalidLength),
    lastName: z.string().trim().min(1, MSG.required).max(60, MSG.invalidLength),
    email: z
      .string()
      .trim()
      .min(1, MSG.required)
      .max(65, MSG.invalidLength)
      .pipe(z.email({ error: MSG.invalidEmail })),
    userName: z
      .string()
      .trim()
      .min(1, MSG.required)
      .min(3, MSG.invalidLength)
      .max(60, MSG.invalidLength)
      .regex(/^[A-Za-z0-9._@-]+$/, MSG.invalidValue),
    password: ZNewPassword,
    confirmPassword: z.string().min(1, MSG.repeatPassword),
  })
  .refine((v) => v.password === v.confirmPassword, { message: MSG.passwordsMatch, path: ['confirmPassword'] });
export type TSetupInput = z.infer<typeof ZSetupInput>;

export const getSetupStatus = defineRoute({
  method: 'GET',
  path: '/api/setup/status',
  access: 'public',
  tags: ['setup'],
  summary: 'Whether the portal still needs its first institution',
  response: ZSetupStatus,
});
export const completeSetup = defineRoute({
  method: 'POST',
  path: '/api/setup',
  access: 'public',
  tags: ['setup'],
  summary: 'Create the first institution and its first super user (only on an empty database)',
  body: ZSetupInput,
  response: z.object({ ok: z.literal(true) }),
});
