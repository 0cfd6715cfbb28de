import { useMemo } from 'react';
import { useQueries, useQuery } from '@tanstack/react-query';
import {
  lookupCheckerOf,
  lookupOptionLabel,
  lookupStoredValue,
  lookupValueFits,
  type lookupsApi,
  type TLookupChecker,
  type TLookupKey,
  type TLookupRef,
} from '@meridian/domain';
import { useOfficeToday } from '../../../app/office-today';
import { lookupQuery, useLookup } from './lookups';

export interface TLookupOption {
  value: string;
  label: string;
  /** The value the field holds, which the list no longer offers (or never did). */
  isHeld?: boolean;
}

const stored = (ref: TLookupRef, v: lookupsApi.TLookupChoice) => lookupStoredValue(ref, v);
const same = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase();

/** The words for a value the list no longer offers, or does not know. */
export function heldLabel(value: string, v: lookupsApi.TLookupChoice | undefined, key?: TLookupKey): string {
  return v ? `${lookupOptionLabel(v.label, value, key)}, no longer offered` : `${value} (not on the list)`;
}

/**
 * A field's choices from its code list (docs/product/lookups.md#how-forms-use-the-lists): the values offered today
 * that fit the field, each as "Label (CODE)"; the value the field already holds stays among them when the list no
 * longer offers it, marked so (its label read once more, with `keep`).
 */
export function useLookupOptions(ref: TLookupRef | undefined, current: string) {
  const active = useLookup(ref?.key ?? 'us-states');
  const enabled = !!ref;
  const values = enabled ? active.data?.values : undefined;
  const missing = !!ref && !!current && !!values && !values.some((v) => same(stored(ref, v) ?? '', current));
  const kept = useQuery({ ...lookupQuery(ref?.key ?? 'us-states', [current]), enabled: missing });
  const options = useMemo<TLookupOption[]>(() => {
    if (!ref || !values) return [];
    const out: TLookupOption[] = values
      .filter((v) => v.state === 'active' && lookupValueFits(ref, v) && stored(ref, v))
      .map((v) => ({ value: stored(ref, v)!, label: lookupOptionLabel(v.label, stored(ref, v)!, ref.key) }));
    if (current && !out.some((o) => same(o.value, current))) {
      const held = kept.data?.values.find((v) => same(stored(ref, v) ?? '', current));
      out.unshift({ value: current, label: heldLabel(current, held, ref.key), isHeld: true });
    }
    return out;
  }, [ref, values, current, kept.data]);
  return { options, isLoading: enabled && active.isPending, isError: enabled && active.isError };
}

/** A stored value in words ("Massachusetts (MA)"), for read views; the value itself until the list loads. */
export function useLookupText(ref: TLookupRef | undefined, value: string): string {
  const { options } = useLookupOptions(ref, value);
  if (!value) return '';
  return options.find((o) => same(o.value, value))?.label ?? value;
}

type TValues = lookupsApi.TLookupChoice[] | undefined;
/** The answers' values, in the order asked (a stable function: the result changes only when an answer does). */
const valuesOf = (results: { data?: lookupsApi.TLookupWithValues | undefined }[]): TValues[] => results.map((r) => r.data?.values);

/**
 * The browser's side of the check the server makes (rules/lookup-values.ts): the lists a form reads, with the values
 * it already holds read too (retired or not), so a value says "no longer offered" here exactly as it will there. A
 * list not loaded yet checks nothing: the server does.
 */
export function useLookupChecker(keys: readonly TLookupKey[], held: readonly { ref: TLookupRef; value: string }[] = []): TLookupChecker {
  const today = useOfficeToday();
  const active = useQueries({ queries: keys.map((k) => lookupQuery(k, [])), combine: valuesOf });
  const keepOf = (k: TLookupKey) => [...new Set(held.filter((h) => h.ref.key === k).map((h) => h.value))];
  const kept = useQueries({
    queries: keys.map((k) => ({ ...lookupQuery(k, keepOf(k)), enabled: keepOf(k).length > 0 })),
    combine: valuesOf,
  });
  return useMemo(() => {
    const lists: Partial<Record<TLookupKey, lookupsApi.TLookupChoice[]>> = {};
    keys.forEach((k, i) => {
      const mine = active[i];
      if (!mine) return;
      const more = kept[i] ?? [];
      lists[k] = [...mine, ...more.filter((v) => !mine.some((m) => m.code === v.code))];
    });
    return lookupCheckerOf(lists, today());
  }, [keys, active, kept, today]);
}
