import { useCallback, useMemo, useRef, useState } from 'react';
import {
  studentRequestFields,
  studentRequestLookupChecks,
  studentRequestLookupKeys,
  validateStudentRequestData,
  type TStudentRequestCode,
  type TStudentRequestContext,
  type TStudentRequestData,
} from '@meridian/domain';
import { useOfficeToday } from '../../../../app/office-today';
import { useLookupChecker } from '../../../lookups';

/** Drop empty values: what the rules check and what tells whether anything changed. */
export function compactData(data: TStudentRequestData): TStudentRequestData {
  return Object.fromEntries(Object.entries(data).filter(([, v]) => v !== undefined && v !== null && v !== ''));
}

/** What a save sends: every field of the form, an emptied one as null (the server merges, null clears). */
export function payloadFor(code: TStudentRequestCode | null, data: TStudentRequestData): TStudentRequestData {
  if (!code) return {};
  return Object.fromEntries(
    studentRequestFields(code).map((f) => {
      const v = data[f.name];
      return [f.name, v === undefined || v === '' ? null : v];
    }),
  );
}

/**
 * State of a student request's fields: the values, one message per field, validation on blur (format)
 * and on submit (also required fields), with the same rules and words as the server.
 */
export function useRequestDataForm(
  code: TStudentRequestCode | null,
  initial: TStudentRequestData,
  context?: Omit<TStudentRequestContext, 'today'> | null,
) {
  const [data, setData] = useState<TStudentRequestData>(initial);
  const latest = useRef(data);
  const [saved, setSaved] = useState(() => JSON.stringify(compactData(initial)));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const today = useOfficeToday();
  const order = useMemo(() => (code ? studentRequestFields(code).map((f) => f.name) : []), [code]);
  // The code lists the form draws from, with the values it was opened with (retired ones say so): the same check
  // as the server's (docs/product/lookups.md#how-forms-use-the-lists).
  const visaType = context?.visaType;
  const lookupKeys = useMemo(() => (code ? studentRequestLookupKeys(code, visaType) : []), [code, visaType]);
  const initialKey = JSON.stringify(compactData(initial));
  const held = useMemo(
    () => (code ? studentRequestLookupChecks(code, JSON.parse(initialKey) as TStudentRequestData, visaType) : []),
    [code, initialKey, visaType],
  );
  const lookups = useLookupChecker(lookupKeys, held);

  const check = useCallback(
    (values: TStudentRequestData, mode: 'draft' | 'submit') => {
      if (!code) return {};
      const all = validateStudentRequestData(code, compactData(values), { ...(context ?? {}), today: today(), lookups }, mode);
      return Object.fromEntries(Object.entries(all).map(([k, v]) => [k, v[0] ?? '']));
    },
    [code, context, today, lookups],
  );

  const setField = useCallback(
    (name: string, value: unknown) => {
      const next = { ...latest.current, [name]: value };
      latest.current = next;
      setData(next);
      // A message already shown goes away (or changes) as soon as the value is fixed.
      setErrors((prev) => {
        if (!prev[name] && !(name === 'no_phone' && (prev.phone_number || prev.foreign_phone_number || prev.foreign_country_number)))
          return prev;
        const now = check(next, 'draft');
        const out = { ...prev };
        for (const n of name === 'no_phone' ? ['phone_number', 'foreign_phone_number', 'foreign_country_number'] : [name]) {
          if (now[n]) out[n] = now[n]!;
          else delete out[n];
        }
        return out;
      });
    },
    [check],
  );

  /** On leaving a field: its format (a required field left empty is said on submit, not while filling in). */
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

  /** Every message for this mode, shown on the fields; returns them in form order. */
  const validate = useCallback(
    (mode: 'draft' | 'submit') => {
      const now = check(latest.current, mode);
      setErrors(now);
      return order
        .filter((n) => now[n])
        .map((n) => [n, now[n]!] as const)
        .concat(Object.entries(now).filter(([n]) => !order.includes(n)));
    },
    [check, order],
  );

  /** Server messages keyed `data.<field>` go onto the fields; returns how many matched. */
  const applyServerErrors = useCallback(
    (fieldErrors: Record<string, string[]> | undefined) => {
      const mine = Object.entries(fieldErrors ?? {})
        .filter(([k]) => k.startsWith('data.'))
        .map(([k, v]) => [k.slice(5), v[0] ?? ''] as const);
      if (mine.length) setErrors((prev) => ({ ...prev, ...Object.fromEntries(mine) }));
      return mine.map(([k]) => k).sort((a, b) => order.indexOf(a) - order.indexOf(b));
    },
    [order],
  );

  const reset = useCallback((values: TStudentRequestData) => {
    latest.current = values;
    setData(values);
    setSaved(JSON.stringify(compactData(values)));
    setErrors({});
  }, []);

  /** `values` reached the server: what was typed after they were sent still counts as unsaved. */
  const markSaved = useCallback((values: TStudentRequestData) => setSaved(JSON.stringify(compactData(values))), []);
  const isDirty = JSON.stringify(compactData(data)) !== saved;
  return { code, data, latest, errors, setField, blurField, validate, applyServerErrors, reset, markSaved, isDirty };
}

/** Move focus to a field by name (the first error after a failed submit). */
export function focusField(name: string) {
  const el = document.getElementById(`field-${name}`) ?? document.querySelector<HTMLElement>(`[name="${CSS.escape(name)}"]`);
  if (!el) return;
  el.scrollIntoView({ block: 'center', behavior: 'smooth' });
  // A select's visible part is the element with the id; inputs take focus directly.
  el.focus({ preventScroll: true });
}
