import { useCallback, useMemo, useRef, useState } from 'react';
import {
  scholarRequestFieldNames,
  scholarRequestLookupChecks,
  scholarRequestLookupKeys,
  validateScholarRequestData,
  type TRequestFormData,
  type TScholarRequestCode,
  type TScholarRequestContext,
} from '@meridian/domain';
import { useOfficeToday } from '../../../../app/office-today';
import { useLookupChecker } from '../../../lookups';

/** Drop empty values: what the rules check and what tells whether anything changed. */
const compact = (data: TRequestFormData): TRequestFormData =>
  Object.fromEntries(Object.entries(data).filter(([, v]) => v !== undefined && v !== null && v !== ''));

/** The case a request about no scholar is checked against: nothing to compare with (its submit says so). */
const NO_CASE: Omit<TScholarRequestContext, 'today'> = {
  visaType: '',
  category: '',
  programStartDate: null,
  programEndDate: null,
  hasExchangeVisitorRecord: false,
  sites: [],
  dependents: [],
};

/**
 * State of a scholar request's fields: the values, one message per field, the format on leaving a field and
 * everything on submit, with the rules and words the server uses (validateScholarRequestData).
 */
export function useScholarRequestForm(code: TScholarRequestCode, initial: TRequestFormData, context: TScholarRequestContext | null) {
  const [data, setData] = useState<TRequestFormData>(initial);
  const latest = useRef(data);
  const [saved, setSaved] = useState(() => JSON.stringify(compact(initial)));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const today = useOfficeToday();
  // The code lists the form draws from, with the values it was opened with (retired ones say so): the same check
  // as the server's (docs/product/lookups.md#how-forms-use-the-lists).
  const visaType = context?.visaType || null;
  const initialKey = JSON.stringify(compact(initial));
  const held = useMemo(
    () => scholarRequestLookupChecks(code, JSON.parse(initialKey) as TRequestFormData, visaType),
    [code, initialKey, visaType],
  );
  const lookupKeys = useMemo(() => scholarRequestLookupKeys(code, visaType), [code, visaType]);
  const lookups = useLookupChecker(lookupKeys, held);
  const check = useCallback(
    (values: TRequestFormData, mode: 'draft' | 'submit') => {
      const all = validateScholarRequestData(code, compact(values), { ...(context ?? NO_CASE), today: today(), lookups }, mode);
      return Object.fromEntries(Object.entries(all).map(([k, v]) => [k, v[0] ?? '']));
    },
    [code, context, today, lookups],
  );
  const setField = useCallback(
    (name: string, value: unknown) => {
      const next = { ...latest.current, [name]: value };
      latest.current = next;
      setData(next);
      // A message already shown goes (or changes) as soon as the value is fixed.
      setErrors((prev) => {
        if (!prev[name]) return prev;
        const now = check(next, 'draft');
        const out = { ...prev };
        if (now[name]) out[name] = now[name]!;
        else delete out[name];
        return out;
      });
    },
    [check],
  );
  const blurField = useCallback(
    (name: string) => {
      const now = check(latest.current, 'draft');
      setErrors((prev) => {
        const out = { ...prev };
        if (now[name]) out[name] = now[name]!;
        else delete out[name];
        return out;
      });
    },
    [check],
  );
  /** Every message of this mode on its field; the field names with one, in form order. */
  const validate = useCallback(
    (mode: 'draft' | 'submit') => {
      const now = check(latest.current, mode);
      setErrors(now);
      const order = scholarRequestFieldNames(code, context);
      return [...order.filter((n) => now[n]), ...Object.keys(now).filter((n) => !order.includes(n))];
    },
    [check, code, context],
  );
  /** Server messages keyed `data.<field>` go onto the fields; returns the fields they name. */
  const applyServerErrors = useCallback((fieldErrors: Record<string, string[]> | undefined) => {
    const mine = Object.entries(fieldErrors ?? {})
      .filter(([k]) => k.startsWith('data.'))
      .map(([k, v]) => [k.slice(5), v[0] ?? ''] as const);
    if (mine.length) setErrors((prev) => ({ ...prev, ...Object.fromEntries(mine) }));
    return mine.map(([k]) => k);
  }, []);
  /** What a save sends: every field of the form, an emptied one as null (the server merges, null clears). */
  const payload = useCallback(
    () =>
      Object.fromEntries(
        scholarRequestFieldNames(code, context).map((n) => {
          const v = latest.current[n];
          return [n, v === undefined || v === '' ? null : v];
        }),
      ),
    [code, context],
  );
  return {
    data,
    errors,
    setField,
    blurField,
    validate,
    applyServerErrors,
    payload,
    isDirty: JSON.stringify(compact(data)) !== saved,
    markSaved: () => setSaved(JSON.stringify(compact(latest.current))),
  };
}

/** Moves the focus to a field of the form (its input, by the id RequestField gives it). */
export function focusField(name: string): void {
  const el = document.getElementById(`field-${name}`);
  el?.focus();
  el?.scrollIntoView({ block: 'center', behavior: 'smooth' });
}
