import { formatDate, lettersApi, sanitizeFileName } from '@meridian/domain';
import type { TTx } from '../../platform/db/database.js';
import { AppError, badRequest, fieldError, notFound } from '../../platform/errors/app-error.js';
import { fileStorage } from '../../platform/files/storage.js';
import { requireActor, type TContext } from '../../platform/http/context.js';
import { loadSettings } from '../institutions/index.js';
import { resolveMergeValues } from '../messages/index.js';
import { getAccessibleRequest, staffReaches } from '../requests/index.js';
import { getAccessibleCase } from '../scholars/index.js';
import { getAccessibleProfile } from '../students/index.js';
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
 * The record a letter is written for, and where its PDF is filed (docs/product/letters.md#records): a student
 * record's Documents, or a scholar case's sponsorship request. `name` is the person's, last name first.
 */
export type TLetterRecord =
  { kind: 'profile'; profileId: string; name: string } | { kind: 'scholarCase'; applicationId: string; requestId: string; name: string };

const M = lettersApi.LETTER_MSG;
const isNotFound = (e: unknown) => e instanceof AppError && e.statusCode === 404;
/** Whether the caller may see a record of the other kind with this id: only then is the wrong kind named. */
const found = (p: Promise<unknown>) =>
  p.then(
    () => true,
    () => false,
  );

/**
 * The record a letter is written for: one the caller may change (404 when they may not see it, 403 when
 * they may only read it), of the template's kind: any student record for a student template, a J-1 one
 * for an exchange visitor template, a scholar case for a scholar case template. A record of another kind
 * the caller may see is refused on the record, naming the kind of template it needs.
 */
export async function letterRecord(tx: TTx, ctx: TContext, t: TLetterTemplateRow, recordId: string): Promise<TLetterRecord> {
  if (t.recordKind === 'scholarCase') {
    const { c, scholar } = await getAccessibleCase(tx, ctx, recordId, 'edit').catch(async (e: unknown) => {
      if (isNotFound(e) && (await found(getAccessibleProfile(tx, ctx, recordId, 'read')))) throw fieldError('recordId', M.scholarCaseOnly);
      throw e;
    });
    // The office reaches a case at a campus site it works at, as it reaches the case's requests.
    if (!staffReaches(requireActor(ctx), { campusSiteId: c.campusSiteId })) throw notFound();
    if (!c.sponsorshipRequestId) throw fieldError('recordId', M.noSponsorshipRequest);
    const request = await getAccessibleRequest(tx, ctx, c.sponsorshipRequestId, 'process');
    const name = [scholar.lastName, scholar.firstName].filter(Boolean).join(', ');
    return { kind: 'scholarCase', applicationId: c.id, requestId: request.id, name };
  }
  const profile = await getAccessibleProfile(tx, ctx, recordId, 'edit').catch(async (e: unknown) => {
    if (isNotFound(e) && (await found(getAccessibleCase(tx, ctx, recordId, 'read')))) throw fieldError('recordId', M.studentRecordOnly);
    throw e;
  });
  if (t.recordKind === 'exchangeVisitor' && profile.visaType !== 'J-1')
    throw fieldError('recordId', 'This template is for exchange visitor (J-1) records. Choose a template for student records.');
  return { kind: 'profile', profileId: profile.id, name: [profile.lastName, profile.firstName].filter(Boolean).join(', ') };
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
  recordId: string,
): Promise<{ parts: TLetterParts; record: TLetterRecord; fileName: string }> {
  const record = await letterRecord(tx, ctx, t, recordId);
  const values = await resolveMergeValues(tx, ctx, { kind: t.recordKind, id: recordId });
  const fileName = sanitizeFileName(`${t.name} - ${record.name || 'record'} - ${ctx.today()}.pdf`);
  return { parts: { ...head, blocks: t.body, values }, record, fileName };
}
