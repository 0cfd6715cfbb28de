import { formatDate, formatDateTime, mergeTagOf, todayIn, type TMergeRecordKind, type TMergeValues } from '@meridian/domain';
import type { TTx } from '../../../platform/db/database.js';
import type { TContext } from '../../../platform/http/context.js';
import { AppError, notFound } from '../../../platform/errors/app-error.js';
import { loadSettings, type TLoadedSettings } from '../../institutions/index.js';

/**
 * Where the values of merge tags come from (docs/product/messages.md#merge-tags). The modules that own
 * records (students, scholars, requests, people) each provide the values of their kind of record; this
 * module knows none of them. A source reads the record in the caller's transaction and checks the actor
 * may see it (a record they may not see is not found), and answers raw values: strings as they are,
 * date-only values as 'YYYY-MM-DD', instants as Date. Formatting is done here, once, in the
 * institution's format and time zone.
 */
export type TMergeRaw = Record<string, string | Date | number | null | undefined>;
export type TMergeSource = (tx: TTx, ctx: TContext, id: string) => Promise<TMergeRaw>;
/**
 * Many records of one kind at once (a mass e-mail's chunk): the values of each record the actor may see,
 * by id; a record that is missing or out of reach is not in the answer.
 */
export type TMergeSourceMany = (tx: TTx, ctx: TContext, ids: readonly string[]) => Promise<Map<string, TMergeRaw>>;

const sources = new Map<TMergeRecordKind, TMergeSource>();
const manySources = new Map<TMergeRecordKind, TMergeSourceMany>();

/**
 * A record-owning module provides the values of its kind of record (at start-up; idempotent), and may
 * provide a way to read many at once, in a few statements rather than a few per record.
 */
export function provideMergeSource(kind: TMergeRecordKind, source: TMergeSource, many?: TMergeSourceMany): void {
  sources.set(kind, source);
  if (many) manySources.set(kind, many);
  else manySources.delete(kind);
}

export interface TMergeRef {
  kind: TMergeRecordKind;
  id: string;
}

/** A raw value as the reader sees it, by the tag's format: dates MM/DD/YYYY, instants in the institution's zone. */
export function formatMergeValue(key: string, raw: string | Date | number | null | undefined, timeZone: string): string {
  if (raw === null || raw === undefined) return '';
  const format = mergeTagOf(key)?.format ?? 'text';
  if (format === 'date') return formatDate(raw instanceof Date ? raw : String(raw), { timeZone });
  if (format === 'dateTime') return formatDateTime(raw instanceof Date ? raw : String(raw), { timeZone, withZone: true });
  return raw instanceof Date ? formatDateTime(raw, { timeZone, withZone: true }) : String(raw);
}

/** The values of the GENERAL group: the office and its portal, today's date in its time zone. */
export function generalMergeValues(settings: TLoadedSettings, now: Date = new Date()): TMergeRaw {
  return {
    'general.institutionName': settings.accountName,
    'general.officeName': 'International Student and Scholar Services',
    'general.officeEmail': settings.primaryContactEmail,
    'general.portalLink': settings.publicBaseUrl,
    'general.today': todayIn(settings.timeZone, now),
  };
}

/** Formats every raw value by its tag (unknown keys are kept as text: event values a caller adds). */
export function formatMergeValues(raw: TMergeRaw, timeZone: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(raw)) out[k] = formatMergeValue(k, v, timeZone);
  return out;
}

/**
 * The values for a message or letter about one record: the GENERAL group, the record's own values (its
 * owner's source, which checks the actor may see it: 404 otherwise), then `extra` (values of the event
 * that sends the message: a link, a reason). A caller filling many records passes the institution's
 * settings it has already read, rather than have them read again for each.
 */
export async function resolveMergeValues(
  tx: TTx,
  ctx: TContext,
  ref: TMergeRef,
  extra: Record<string, string> = {},
  loaded?: TLoadedSettings,
): Promise<TMergeValues> {
  const source = sources.get(ref.kind);
  if (!source) throw notFound();
  const settings = loaded ?? (await loadSettings(tx, ctx.institutionId));
  const raw = { ...generalMergeValues(settings), ...(await source(tx, ctx, ref.id)) };
  return { ...formatMergeValues(raw, settings.timeZone), ...extra };
}

/**
 * The values of many records of one kind, as `resolveMergeValues` gives each: by id, each record the actor
 * may see; one that is missing or out of reach is left out (the caller says why). Read in a few statements
 * when the kind's owner reads many at once, else record by record.
 */
export async function resolveMergeValuesMany(
  tx: TTx,
  ctx: TContext,
  kind: TMergeRecordKind,
  ids: readonly string[],
  settings: TLoadedSettings,
): Promise<Map<string, TMergeValues>> {
  const general = generalMergeValues(settings);
  const out = new Map<string, TMergeValues>();
  const many = manySources.get(kind);
  if (many) {
    for (const [id, raw] of await many(tx, ctx, ids)) out.set(id, formatMergeValues({ ...general, ...raw }, settings.timeZone));
    return out;
  }
  for (const id of ids) {
    try {
      out.set(id, await resolveMergeValues(tx, ctx, { kind, id }, {}, settings));
    } catch (e) {
      if (!(e instanceof AppError) || e.statusCode >= 500) throw e;
    }
  }
  return out;
}
