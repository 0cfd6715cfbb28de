import type { formsApi } from '@meridian/domain';
import { fieldError } from '../../platform/errors/app-error.js';
import { type lookupSets } from './schema.js';

/** What a lookup set is saved from. */
export type TLookupSetFields = { name: string; options: formsApi.TLookupSet['options'] };

type TRow = typeof lookupSets.$inferSelect;

/** A lookup set as the API shows it. */
export const presentLookupSet = (r: TRow): formsApi.TLookupSet => ({ id: r.id, name: r.name, options: r.options });

const DUPLICATE = 'Each option needs a value of its own.';

/** Every option of a lookup set needs a value of its own (400 otherwise). */
export function assertUniqueValues(input: TLookupSetFields) {
  const values = input.options.map((o) => o.value);
  if (new Set(values).size !== values.length) throw fieldError('options', DUPLICATE);
}
