import { formatDate, lettersApi, sanitizeFileName } from '@meridian/domain';
import type { TTx } from '../../platform/db/database.js';
import { badRequest, fieldError } from '../../platform/errors/app-error.js';
import { fileStorage } from '../../platform/files/storage.js';
import type { TContext } from '../../platform/http/context.js';
import { loadSettings } from '../institutions/index.js';
import { resolveMergeValues } from '../messages/index.js';
import { getAccessibleProfile, type TProfileRow } from '../students/index.js';
import type { TLetterImage, TLetterParts } from './letter-pdf.js';
import type { TLetterTemplateRow } from './schema.js';

/** The parts of a letter that are the same for every record: letterhead, date, signer. */
export type TLetterhead = Omit<TLetterParts, 'values' | 'blocks'>;

/**
 * The letterhead of a template (docs/product/letters.md#the-pdf): the institution's name and, when the
 * template shows it, its logo (PNG or JPEG; an SVG logo is left out), the office's address lines, today in
 * the institution's time zone and date format, and the signer with the signature image.
 */
export async function loadLetterhead(tx: TTx, ctx: TContext, t: TLetterTemplateRow): Promise<TLetterhead> {
  const settings = await loadSettings(tx, ctx.institutionId);
  const storage = fileStorage(ctx.services.config.dataDir);
  let logo: TLetterImage | null = null;
  const logoFile = settings.logoFile;
  if (t.showLogo && logoFile && /^image\/(png|jpeg)$/.test(logoFile.contentType)) {
    // A logo whose file is gone leaves the letterhead with the name alone, as an office without a logo has.
    const data = await storage.readBuffer(logoFile.storageKey).catch(() => null);
    if (data) logo = { data, contentType: logoFile.contentType };
  }
  let signature: TLetterImage | null = null;
  if (t.signatureStorageKey && t.signatureContentType) {
    const data = await storage.readBuffer(t.signatureStorageKey).catch(() => null);
    if (!data) {
      const message = 'The signature image of this template could not be read. Upload it again.';
      throw badRequest(message, { signature: [message] });
    }
    signature = { data, contentType: t.signatureContentType };
  }
  return {
    institutionName: settings.accountName,
    logo,
    addressLines: t.addressLines,
    dateText: formatDate(ctx.today()),
    signature,
    signerName: t.signerName,
    signerTitle: t.signerTitle,
  };
}

/**
 * The record a letter is written for: one the caller may change (404 when they may not see it, 403 when
 * they may only read it), of the template's kind: any student record for a student template, a J-1 one
 * for an exchange visitor template.
 */
export async function letterRecord(tx: TTx, ctx: TContext, t: TLetterTemplateRow, profileId: string): Promise<TProfileRow> {
  const profile = await getAccessibleProfile(tx, ctx, profileId, 'edit');
  if (t.recordKind === 'exchangeVisitor' && profile.visaType !== 'J-1')
    throw fieldError('recordId', 'This template is for exchange visitor (J-1) records. Choose a template for student records.');
  return profile;
}

/** A template that letters may be written with now: not deleted (404) and turned on (400 on the template). */
export function assertUsable(t: TLetterTemplateRow): void {
  if (!t.isActive) throw fieldError('templateId', lettersApi.LETTER_MSG.inactive);
}

/** One record's letter: the letterhead with the body and the record's merge values. */
export async function letterForRecord(
  tx: TTx,
  ctx: TContext,
  t: TLetterTemplateRow,
  head: TLetterhead,
  profileId: string,
): Promise<{ parts: TLetterParts; profile: TProfileRow; fileName: string }> {
  const profile = await letterRecord(tx, ctx, t, profileId);
  const values = await resolveMergeValues(tx, ctx, { kind: t.recordKind, id: profileId });
  const who = [profile.lastName, profile.firstName].filter(Boolean).join(', ');
  const fileName = sanitizeFileName(`${t.name} - ${who || 'record'} - ${ctx.today()}.pdf`);
  return { parts: { ...head, blocks: t.body, values }, profile, fileName };
}
