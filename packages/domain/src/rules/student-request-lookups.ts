import type { TLookupKey, TLookupRef } from './lookup-values.js';
import {
  studentRequestFields,
  type TStudentRequestCode,
  type TStudentRequestData,
  type TStudentRequestField,
} from './student-request-fields.js';

/**
 * Which of a student request form's fields draw their choices from the office's code lists
 * (docs/product/lookups.md#how-forms-use-the-lists), the fields of its rows included: the lists the browser
 * loads for the form, and the values the server reads from the lists to check a save or a submit.
 */
export function studentRequestLookupFields(code: TStudentRequestCode, visaType?: string | null): TStudentRequestField[] {
  return studentRequestFields(code, visaType)
    .flatMap((f) => [f, ...(f.rowFields ?? [])])
    .filter((f) => !!f.lookup);
}

/** The code lists a form reads. */
export function studentRequestLookupKeys(code: TStudentRequestCode, visaType?: string | null): TLookupKey[] {
  return [...new Set(studentRequestLookupFields(code, visaType).map((f) => f.lookup!.key))];
}

/** Each list value a form's data gives (row fields once per row), for the server's reader. */
export function studentRequestLookupChecks(
  code: TStudentRequestCode,
  data: TStudentRequestData,
  visaType?: string | null,
): { ref: TLookupRef; value: string }[] {
  const out: { ref: TLookupRef; value: string }[] = [];
  const text = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');
  for (const f of studentRequestFields(code, visaType)) {
    if (f.lookup && text(data[f.name])) out.push({ ref: f.lookup, value: text(data[f.name]) });
    const rows = data[f.name];
    if (!f.rowFields || !Array.isArray(rows)) continue;
    for (const row of rows as unknown[]) {
      if (!row || typeof row !== 'object') continue;
      for (const rf of f.rowFields) {
        const v = text((row as Record<string, unknown>)[rf.name]);
        if (rf.lookup && v) out.push({ ref: rf.lookup, value: v });
      }
    }
  }
  return out;
}
