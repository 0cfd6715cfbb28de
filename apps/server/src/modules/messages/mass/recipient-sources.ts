import type { messagesApi } from '@meridian/domain';
import type { TTx } from '../../../platform/db/database.js';
import type { TContext } from '../../../platform/http/context.js';
import { notFound } from '../../../platform/errors/app-error.js';

/** A record a mass e-mail goes to: the record's id (its merge-tag source's id), who, where, and whom to copy. */
export interface TMassRecipient {
  recordId: string;
  name: string;
  /** '' when the record has none (the recipient is skipped). */
  email: string;
  /** The department contact, copied when the sender asks for it; null when the record has none. */
  ccEmail: string | null;
}

type TSourceOf<K extends messagesApi.TMassRecipientSourceType> = Extract<messagesApi.TMassRecipientSource, { type: K }>;

/**
 * Answers the records a choice reaches, in the actor's scope (records the actor may not reach, or may not
 * e-mail, are left out of a list; a hand-picked one the actor may not e-mail is not found), at most `limit`.
 */
export type TRecipientSource<K extends messagesApi.TMassRecipientSourceType> = (
  tx: TTx,
  ctx: TContext,
  source: TSourceOf<K>,
  limit: number,
) => Promise<TMassRecipient[]>;

/** What the source's records are called in the log ("Student List: Active"). */
export type TRecipientLabel<K extends messagesApi.TMassRecipientSourceType> = (source: TSourceOf<K>) => string;

interface TProvided {
  list: TRecipientSource<never>;
  label: TRecipientLabel<never>;
}

const sources = new Map<messagesApi.TMassRecipientSourceType, TProvided>();

/**
 * The modules that own records (students, scholars) provide the recipients of their kind of choice
 * (docs/product/messages.md#choosing-recipients): this module imports neither. At start-up; idempotent.
 */
export function provideRecipientSource<K extends messagesApi.TMassRecipientSourceType>(
  name: K,
  list: TRecipientSource<K>,
  label: TRecipientLabel<K>,
): void {
  sources.set(name, { list: list as unknown as TRecipientSource<never>, label: label as unknown as TRecipientLabel<never> });
}

function sourceOf(type: messagesApi.TMassRecipientSourceType): TProvided {
  const s = sources.get(type);
  if (!s) throw notFound();
  return s;
}

/** The records a choice reaches (deduplicated by record, in the source's order). */
export async function listRecipients(
  tx: TTx,
  ctx: TContext,
  source: messagesApi.TMassRecipientSource,
  limit: number,
): Promise<TMassRecipient[]> {
  const rows = await sourceOf(source.type).list(tx, ctx, source as never, limit);
  const seen = new Set<string>();
  return rows.filter((r) => (seen.has(r.recordId) ? false : (seen.add(r.recordId), true)));
}

export function recipientLabel(source: messagesApi.TMassRecipientSource): string {
  return sourceOf(source.type).label(source as never);
}
