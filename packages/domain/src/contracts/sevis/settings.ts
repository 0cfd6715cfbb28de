// SEVIS module contracts: the settings slice (docs/product/sevis-settings.md): SEVIS Settings per campus site
// and program kind, and SEVIS Permissions (which DSOs / AROs may send batches, with their SEVIS user id).
import { z } from 'zod';
import { MSG } from '../../messages.js';
import { defineRoute, MAX_SERIAL_ID, ZOk } from '../define.js';

const T = ['sevis'];

/** Field messages of the SEVIS settings (ours: docs/product/sevis-settings.md#sevis-settings), shown by browser and server alike. */
export const SEVIS_MSG = {
  schoolCode: 'A school code is 3 capital letters, 214F and 8 digits, e.g. BOS214F00012345',
  programNumber: 'A program number is P-1 to P-4 or G-1 to G-7, a dash and 5 digits, e.g. P-1-12345',
  sevisUserId: 'A SEVIS user id is exactly 10 characters',
  startingBatchNumber: 'Enter a whole number from 1 to 99999999999999',
  duplicateSettings: 'This campus site already has SEVIS settings for this program kind',
  notSender: 'Only staff listed on SEVIS Permissions may create or send these batches',
} as const;

export const SEVIS_PROGRAM_KINDS = ['F', 'J'] as const;
export type TSevisProgramKind = (typeof SEVIS_PROGRAM_KINDS)[number];
export const SEVIS_PROGRAM_KIND_LABELS: Record<TSevisProgramKind, string> = {
  F: 'F-1 students (school code)',
  J: 'J-1 exchange visitors (program number)',
};
export const SCHOOL_CODE_RE = /^[A-Z]{3}214F\d{8}$/;
export const PROGRAM_NUMBER_RE = /^(P-[1-4]-\d{5}|G-[1-7]-\d{5})$/;
export const MAX_BATCH_NUMBER = 99_999_999_999_999;

export const ZSevisUserId = z.string({ error: MSG.required }).trim().min(1, MSG.required).length(10, SEVIS_MSG.sevisUserId);

export const ZSevisSettingsInput = z
  .object({
    campusSiteId: z.coerce
      .number({ error: MSG.required })
      .int(MSG.required)
      .positive(MSG.required)
      .max(MAX_SERIAL_ID, 'Choose a campus site you manage'),
    programKind: z.enum(SEVIS_PROGRAM_KINDS, { error: MSG.required }),
    orgId: z.string({ error: MSG.required }).trim().min(1, MSG.required),
    officialName: z.string({ error: MSG.required }).trim().min(1, MSG.required).max(120, MSG.invalidLength),
    officialSevisUserId: ZSevisUserId,
    startingBatchNumber: z.coerce
      .number({ error: SEVIS_MSG.startingBatchNumber })
      .int(SEVIS_MSG.startingBatchNumber)
      .min(1, SEVIS_MSG.startingBatchNumber)
      .max(MAX_BATCH_NUMBER, SEVIS_MSG.startingBatchNumber),
    isAutoBatch: z.boolean().default(false),
    isActive: z.boolean().default(true),
  })
  .superRefine((v, c) => {
    if (!v.orgId) return;
    if (v.programKind === 'F' && !SCHOOL_CODE_RE.test(v.orgId))
      c.addIssue({ code: 'custom', path: ['orgId'], message: SEVIS_MSG.schoolCode });
    if (v.programKind === 'J' && !PROGRAM_NUMBER_RE.test(v.orgId))
      c.addIssue({ code: 'custom', path: ['orgId'], message: SEVIS_MSG.programNumber });
  });
export type TSevisSettingsInput = z.input<typeof ZSevisSettingsInput>;

export const ZSevisSettings = z.object({
  id: z.string(),
  campusSiteId: z.number().int(),
  campusSiteName: z.string(),
  programKind: z.enum(SEVIS_PROGRAM_KINDS),
  orgId: z.string(),
  officialName: z.string(),
  officialSevisUserId: z.string(),
  startingBatchNumber: z.number().int(),
  /** The batch id the next batch of this OrgID gets. */
  nextBatchId: z.string(),
  isAutoBatch: z.boolean(),
  isActive: z.boolean(),
  updatedAt: z.string(),
  /** The caller may change this row (super user, or officer of its site). */
  canEdit: z.boolean(),
});
export type TSevisSettings = z.infer<typeof ZSevisSettings>;

export const ZSevisSettingsList = z.object({
  items: z.array(ZSevisSettings),
  /** The campus sites the caller may configure (for a new row). */
  sites: z.array(z.object({ id: z.number().int(), name: z.string() })),
  canConfigure: z.boolean(),
});
export type TSevisSettingsList = z.infer<typeof ZSevisSettingsList>;

const ZSettingsParams = z.object({ settingsId: z.uuid() });

export const listSevisSettings = defineRoute({
  method: 'GET',
  path: '/api/sevis/settings',
  access: 'sevis.read',
  tags: T,
  summary: 'SEVIS settings of the campus sites the caller reaches (school code / program number, PDSO/RO, batch numbering)',
  response: ZSevisSettingsList,
});
export const createSevisSettings = defineRoute({
  method: 'POST',
  path: '/api/sevis/settings',
  access: 'sevis.configure',
  tags: T,
  summary: 'Add the SEVIS settings of a campus site and program kind',
  body: ZSevisSettingsInput,
  response: ZSevisSettings,
});
export const updateSevisSettings = defineRoute({
  method: 'PUT',
  path: '/api/sevis/settings/:settingsId',
  access: 'sevis.configure',
  tags: T,
  summary: 'Change the SEVIS settings of a campus site and program kind',
  params: ZSettingsParams,
  body: ZSevisSettingsInput,
  response: ZSevisSettings,
});

// SEVIS Permissions (sevisDSOAdmins / sevisAROAdmins), per campus site
export const SEVIS_SENDER_KINDS = ['DSO', 'ARO'] as const;
export type TSevisSenderKind = (typeof SEVIS_SENDER_KINDS)[number];
export const SEVIS_SENDER_KIND_LABELS: Record<TSevisSenderKind, string> = { DSO: 'DSO (F-1 batches)', ARO: 'ARO (J-1 batches)' };

/**
 * Who may name a sender, and whom (ours: docs/product/sevis-settings.md#sevis-permissions). A sender signs
 * what goes to SEVIS under their own SEVIS user id (the batch's userID), so a second person names them.
 */
export const SEVIS_SENDER_MSG = {
  /** The campus site is not one the caller manages (403). */
  notSiteManager: 'Only a super user or an officer of this campus site may change who sends its SEVIS batches.',
  /** Separation of duties (403). */
  ownEntry:
    'You cannot name yourself or change your own SEVIS Permissions entry: a sender signs batches under their own name, so another officer or a super user must do it.',
  /** A super user's entry (403). */
  superUserEntry: "Only a super user may change or remove a super user's SEVIS Permissions entry.",
  /** The chosen person cannot send at all (400, on userId). */
  notCandidate: 'Choose a staff member who prepares SEVIS batches',
  /** The chosen person prepares batches, but not at this campus site (400, on userId). */
  notAtSite: 'This staff member does not prepare SEVIS batches at this campus site.',
  /** The campus site is unknown (400, on campusSiteId). */
  chooseSite: 'Choose a campus site you manage',
} as const;

/** Campus site ids are PostgreSQL integers. */
const MAX_SITE_ID = 2_147_483_647;

export const ZSevisSenderInput = z.object({
  campusSiteId: z.coerce.number({ error: MSG.required }).int(MSG.required).positive(MSG.required).max(MAX_SITE_ID, MSG.invalidValue),
  userId: z.uuid({ error: MSG.required }),
  kind: z.enum(SEVIS_SENDER_KINDS, { error: MSG.required }),
  sevisUserId: ZSevisUserId,
});
export type TSevisSenderInput = z.input<typeof ZSevisSenderInput>;

export const ZSevisSender = z.object({
  campusSiteId: z.number().int(),
  campusSiteName: z.string(),
  userId: z.string(),
  kind: z.enum(SEVIS_SENDER_KINDS),
  sevisUserId: z.string(),
  name: z.string(),
  email: z.string(),
  updatedAt: z.string(),
  /** The caller may change this entry's SEVIS user id (not their own, not a super user's unless they are one). */
  canChange: z.boolean(),
  /** The caller may remove this entry (their own, yes; a super user's only as a super user). */
  canRemove: z.boolean(),
  /** Why the caller may not change or remove it ('' when they may do both). */
  note: z.string(),
});
export type TSevisSender = z.infer<typeof ZSevisSender>;

export const ZSevisSenderCandidate = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  /** The caller's campus sites at which this staff member prepares SEVIS batches. */
  campusSiteIds: z.array(z.number().int()),
});
export type TSevisSenderCandidate = z.infer<typeof ZSevisSenderCandidate>;

export const ZSevisSenderList = z.object({
  /** The entries of the campus sites the caller manages. */
  items: z.array(ZSevisSender),
  /** The campus sites whose senders the caller manages (super users: all; officers: theirs). */
  sites: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** Active staff who prepare batches at one of those sites (never the caller: a second person names them). */
  candidates: z.array(ZSevisSenderCandidate),
});
export type TSevisSenderList = z.infer<typeof ZSevisSenderList>;

export const listSevisSenders = defineRoute({
  method: 'GET',
  path: '/api/sevis/senders',
  access: 'sevis.configure',
  tags: T,
  summary:
    'SEVIS Permissions: the DSOs and AROs who may send the batches of the campus sites the caller manages, with their SEVIS user ids',
  response: ZSevisSenderList,
});
export const saveSevisSender = defineRoute({
  method: 'PUT',
  path: '/api/sevis/senders',
  access: 'sevis.configure',
  tags: T,
  summary: 'Name another staff member DSO (F) or ARO (J) of a campus site with their SEVIS user id, or change the id',
  body: ZSevisSenderInput,
  response: ZSevisSender,
});
export const removeSevisSender = defineRoute({
  method: 'DELETE',
  path: '/api/sevis/senders/:campusSiteId/:userId/:kind',
  access: 'sevis.configure',
  tags: T,
  summary: "Withdraw a DSO / ARO permission to send a campus site's batches",
  params: z.object({
    campusSiteId: z.coerce.number({ error: MSG.notFound }).int(MSG.notFound).positive(MSG.notFound).max(MAX_SITE_ID, MSG.notFound),
    userId: z.uuid({ error: MSG.notFound }),
    kind: z.enum(SEVIS_SENDER_KINDS, { error: MSG.notFound }),
  }),
  response: ZOk,
});
