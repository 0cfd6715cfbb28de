import { EDUCATION_LEVELS, SEVIS_STATUSES, importDate, sevisApi, textOf } from '@meridian/domain';
import { isoFromSevisCountry } from '../xml/codes.js';

/** One RTI row's values by field, as SEVIS holds them. */
export type TRtiValues = Partial<Record<sevisApi.TRtiField | 'sevisId', string>>;

/** The header row as our field keys (null for a column we do not compare). */
export function mapRtiHeader(header: string[]): (sevisApi.TRtiField | 'sevisId' | null)[] {
  const seen = new Set<string>();
  return header.map((h) => {
    const k = sevisApi.RTI_HEADERS[h.trim().toLowerCase().replace(/\s+/g, ' ')] ?? null;
    if (!k || seen.has(k)) return null;
    seen.add(k);
    return k;
  });
}

const isoDate = (v: string): string | null => (/^\d{4}-\d{2}-\d{2}$/.test(v) ? v : importDate(v));

/**
 * One RTI row as our values (dates ISO, codes as we store them) and the errors of its cells: a bad
 * date, an unknown country, status or level, or a SEVIS ID that is not N and 10 digits.
 */
export function normalizeRtiRow(raw: Record<string, string>): { values: TRtiValues; errors: string[] } {
  const values: TRtiValues = {};
  const errors: string[] = [];
  const label = (k: string) => sevisApi.RTI_FIELDS.find((f) => f.key === k)?.label ?? k;
  for (const [k, v0] of Object.entries(raw)) {
    const v = v0.trim();
    if (v === '' && k !== 'sevisId') continue;
    switch (k) {
      case 'sevisId': {
        const id = v.toUpperCase();
        if (!/^N\d{10}$/.test(id)) errors.push(`${sevisApi.RTI_MSG.badSevisId} ('${v}')`);
        values.sevisId = id;
        break;
      }
      case 'birthDate':
      case 'programStartDate':
      case 'programEndDate': {
        const d = isoDate(v);
        if (!d) errors.push(`${label(k)}: '${v}' is not a date (MM/DD/YYYY).`);
        else values[k] = d;
        break;
      }
      case 'citizenshipCountryCode':
      case 'birthCountryCode': {
        // RTI writes SEVIS's codes and names (SEVIS Tables 32/33), not ISO's: CH is China.
        const code = isoFromSevisCountry(v);
        if (!code) errors.push(`${label(k)}: '${v}' is not a SEVIS country code or name we can store.`);
        else values[k] = code;
        break;
      }
      case 'gender': {
        const g = v.toUpperCase().slice(0, 1);
        // SEVIS Table 36 (M, F, U: "MALE", "UNKNOWN" read by their first letter), the record's own codes; an X of our
        // older exports is U.
        if (!['M', 'F', 'X', 'U'].includes(g)) errors.push(`Gender: '${v}' is not M, F or U.`);
        else values.gender = g === 'X' ? 'U' : g;
        break;
      }
      case 'sevisStatus': {
        const s = SEVIS_STATUSES.find((x) => x.toLowerCase() === v.toLowerCase());
        if (!s) errors.push(`SEVIS status: unknown status '${v}'.`);
        else values.sevisStatus = s;
        break;
      }
      case 'educationLevel': {
        const l = EDUCATION_LEVELS.find(
          (x) => x.code === v.padStart(2, '0') || x.label.toLowerCase() === v.toLowerCase().replace(/[’`]/g, "'"),
        );
        if (!l) errors.push(`Education level: unknown level '${v}'.`);
        else values.educationLevel = l.code;
        break;
      }
      case 'major1Code': {
        // RTI writes the CIP code, often with its title ("11.0701 - Computer Science").
        const m = /(\d{2}\.\d{4})/.exec(v);
        if (!m) errors.push(`Major: '${v}' has no CIP code (nn.nnnn).`);
        else values.major1Code = m[1]!;
        break;
      }
      case 'visaType': {
        const u = v.toUpperCase().replace(/\s/g, '');
        const t = u.startsWith('F') ? 'F-1' : u.startsWith('J') ? 'J-1' : null;
        if (!t) errors.push(`Visa type: '${v}' is not F-1 or J-1.`);
        else values.visaType = t;
        break;
      }
      case 'evCategoryCode':
        values.evCategoryCode = v.toUpperCase().slice(0, 2);
        break;
      default:
        values[k as sevisApi.TRtiField] = v;
    }
  }
  return { values, errors };
}

/** Our record's value of a compared field as text (what the comparison shows). */
export function ourValue(p: Record<string, unknown>, key: sevisApi.TRtiField): string {
  const v = p[key];
  return textOf(v);
}

/** The fields RTI gives that differ from ours (names compared without case: RTI writes them in capitals). */
export function diffRow(p: Record<string, unknown>, values: TRtiValues): Record<string, { ours: string; rti: string }> {
  const out: Record<string, { ours: string; rti: string }> = {};
  for (const f of sevisApi.RTI_FIELDS) {
    const rti = values[f.key];
    if (rti === undefined) continue;
    const ours = ourValue(p, f.key);
    const isName = f.key === 'firstName' || f.key === 'lastName' || f.key === 'middleName' || f.key === 'email';
    if (isName ? ours.toLowerCase() !== rti.toLowerCase() : ours !== rti) out[f.key] = { ours, rti };
  }
  return out;
}
