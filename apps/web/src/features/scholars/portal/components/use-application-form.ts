import { useCallback, useMemo, useRef, useState } from 'react';
import {
  scholarFormLookupKeys,
  scholarFormLookupValues,
  validateScholarForm,
  type TScholarFormData,
  type TScholarFormDef,
} from '@meridian/domain';
import { useOfficeToday } from '../../../../app/office-today';
import { useLookupChecker } from '../../../lookups';

/** A copy of `data` with the value at a dotted path ('dependents.0.benefits.1.name') replaced. */
export function setAtPath(data: unknown, path: string[], value: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return value;
  if (Array.isArray(data) || (data == null && /^\d+$/.test(head))) {
    const copy = [...((data as unknown[] | null | undefined) ?? [])];
    copy[Number(head)] = setAtPath(copy[Number(head)], rest, value);
    return copy;
  }
  const obj = (data && typeof data === 'object' ? data : {}) as Record<string, unknown>;
  return { ...obj, [head]: setAtPath(obj[head], rest, value) };
}

/** Empty strings and empty lists carry nothing: they neither make a form dirty nor reach the server. */
export function compactForm(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(compactForm);
  if (v && typeof v === 'object') {
    return Object.fromEntries(
      Object.entries(v)
        .map(([k, x]) => [k, compactForm(x)])
        .filter(([, x]) => x !== '' && x !== undefined && x !== null),
    );
  }
  return v;
}

const first = (all: Record<string, string[]>) => Object.fromEntries(Object.entries(all).map(([k, v]) => [k, v[0] ?? '']));
const NO_FIELDS: TScholarFormDef = { title: '', sections: [] };

/**
 * State of an application form: the values, one message per field path, the format checked when a
 * field is left and everything on submit, with the same rules and words as the server (domain).
 */
export function useApplicationForm(def: TScholarFormDef | null, initial: TScholarFormData) {
  const [data, setData] = useState<TScholarFormData>(initial);
  const latest = useRef(data);
  const [saved, setSaved] = useState(() => JSON.stringify(compactForm(initial)));
  const [errors, setErrors] = useState<Record<string, string>>({});

  const today = useOfficeToday();
  // The code lists the form draws from, with the values it was opened with read too: a value the application holds
  // stays valid when retired since, a value chosen anew must be offered today, as the server checks
  // (docs/product/lookups.md#how-forms-use-the-lists).
  const [before, setBefore] = useState<TScholarFormData>(initial);
  const lookupKeys = useMemo(() => scholarFormLookupKeys(def ?? NO_FIELDS), [def]);
  const held = useMemo(() => scholarFormLookupValues(def ?? NO_FIELDS, before), [def, before]);
  const lookups = useLookupChecker(lookupKeys, held);
  const check = useCallback(
    (values: TScholarFormData, mode: 'draft' | 'submit') =>
      def ? first(validateScholarForm(def, values, mode, today(), { check: lookups, before })) : {},
    [def, today, lookups, before],
  );

  const setField = useCallback((path: string, value: unknown) => {
    const next = setAtPath(latest.current, path.split('.'), value) as TScholarFormData;
    latest.current = next;
    setData(next);
    // A message already shown goes away as soon as the value is fixed.
    setErrors((prev) => {
      if (!prev[path]) return prev;
      const out = { ...prev };
      delete out[path];
      return out;
    });
  }, []);

  /** On leaving a field: its format (a required field left empty is said on submit, not while filling in). */
  const blurField = useCallback(
    (path: string) => {
      const full = check(compactForm(latest.current) as TScholarFormData, 'submit');
      setErrors((prev) => {
        const out = { ...prev };
        if (full[path] && full[path] !== 'Required field') out[path] = full[path]!;
        else delete out[path];
        return out;
      });
    },
    [check],
  );

  /** Every message of a submit, shown on the fields. */
  const validateAll = useCallback(() => {
    const now = check(compactForm(latest.current) as TScholarFormData, 'submit');
    setErrors(now);
    return now;
  }, [check]);

  /** Server messages keyed `data.<path>` go onto the fields; the others (documents, answers) are returned. */
  const applyServerErrors = useCallback((fieldErrors: Record<string, string[]> | undefined) => {
    const mine = Object.entries(fieldErrors ?? {})
      .filter(([k]) => k.startsWith('data.'))
      .map(([k, v]) => [k.slice(5), v[0] ?? ''] as const);
    setErrors(Object.fromEntries(mine));
    return Object.fromEntries(
      Object.entries(fieldErrors ?? {})
        .filter(([k]) => !k.startsWith('data.'))
        .map(([k, v]) => [k, v[0] ?? '']),
    );
  }, []);

  const reset = useCallback((values: TScholarFormData) => {
    latest.current = values;
    setBefore(values);
    setData(values);
    setSaved(JSON.stringify(compactForm(values)));
    setErrors({});
  }, []);

  const payload = useCallback(() => compactForm(latest.current) as TScholarFormData, []);
  /** `values` reached the server: what was typed after they were sent still counts as unsaved. */
  const markSaved = useCallback((values: TScholarFormData) => {
    setSaved(JSON.stringify(compactForm(values)));
    setBefore(values);
  }, []);
  const isDirty = useMemo(() => JSON.stringify(compactForm(data)) !== saved, [data, saved]);
  return { data, errors, setField, blurField, validateAll, applyServerErrors, reset, payload, markSaved, isDirty };
}
