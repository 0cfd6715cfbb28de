import {
  DEPENDENT_RELATIONSHIPS,
  EDUCATION_LEVELS,
  EMPLOYMENT_TIME_CODES,
  EV_CATEGORIES,
  EV_TERMINATION_REASONS,
  F2_TERMINATION_REASONS,
  HIGHEST_EDUCATION_OPTIONS,
  J2_FORM_PURPOSES,
  J2_TERMINATION_REASONS,
  SCHOLAR_CATEGORIES,
  SCHOLAR_CATEGORY_EV_CODES,
  scholarCategoryLabel,
  STUDENT_CANCEL_REASONS,
  STUDENT_TERMINATION_REASONS,
  type TLookupKey,
} from '@meridian/domain';
import { SEVIS_COUNTRY_ISO } from './country-iso.js';
import { addressOverrideCodes, sevisTable, xsdEnumeration, type TSevisSchema } from './sevis-files.js';
import { US_STATE_NAMES } from './us-states.js';

/**
 * The values each list is seeded with (docs/product/lookups.md#where-the-values-come-from): the codes are the
 * batch schemas' own enumerations (SEVISTable.xsd), so every seeded code is one SEVIS accepts; labels are the
 * readable words Meridian already used for them, else SEVIS's table description in sentence case; SEVIS's own
 * words are kept beside them. Values SEVIS lists but no longer accepts (closed countries, deleted positions)
 * are seeded retired. Bump CATALOG_VERSION when the catalog changes: every institution gets the new codes at
 * the next start (existing values, and the office's changes to them, stay as they are).
 */
export const CATALOG_VERSION = 3;

export interface TSeedValue {
  code: string;
  label: string;
  officialLabel: string | null;
  attributes: Record<string, string>;
  /** Seeded retired: SEVIS lists it but no longer accepts it for new records. */
  retired?: boolean;
}

const ACRONYMS = new Set(['EV', 'TV', 'US', 'U.S.', 'UN', 'F-1', 'M-1', 'J-1', 'J-2', 'F-2', 'M-2', 'SEVIS', 'ID', 'II', 'III', 'IV']);
const SMALL_WORDS = new Set(['and', 'of', 'the', 'to', 'da', 'de', 'du', 'des', 'la', 'le', 'in', 'on', 'or', 'for']);

/** SEVIS's capitals as a sentence: "UNAUTHORIZED WITHDRAWAL" → "Unauthorized withdrawal" (acronyms kept). */
export function sentenceCase(s: string): string {
  const t = s.trim().replace(/\s+/g, ' ');
  if (t !== t.toUpperCase()) return t;
  const words = t.split(' ').map((w) => (ACRONYMS.has(w) ? w : w.toLowerCase()));
  const first = words[0] ?? '';
  words[0] = first.charAt(0).toUpperCase() + first.slice(1);
  return words.join(' ');
}

/** A country's name in capitals as a title: "BOSNIA AND HERZEGOVINA" → "Bosnia and Herzegovina", "COTE D'IVOIRE" → "Cote d'Ivoire". */
export function titleCase(s: string): string {
  const t = s.trim().replace(/\s+/g, ' ');
  const words = t.split(' ');
  return words
    .map((word, i) => {
      const lower = word.toLowerCase();
      // "BAHAMAS, THE" → "Bahamas, The": a small word after a comma starts a phrase of its own.
      if (i > 0 && SMALL_WORDS.has(lower) && !words[i - 1]!.endsWith(',')) return lower;
      if (/^d'/.test(lower)) return `d'${cap(lower.slice(2))}`;
      return lower.replace(/(^|[-/(.])([a-z])/g, (_, sep: string, c: string) => sep + c.toUpperCase());
    })
    .join(' ');
}
const cap = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);

const pad2 = (code: string) => (/^\d$/.test(code) ? `0${code}` : code);

/** A table's description of each code, numeric codes matched however the table pads them (Table 5 writes 1, the schema 01). */
function tableOf(n: number): Map<string, string[]> {
  return new Map(sevisTable(n).map((r) => [pad2(r.code), r.cells]));
}

const curated = (list: readonly { code: string; label: string }[]) => new Map(list.map((x) => [x.code, x.label]));

/**
 * A list of a schema type: each code of the enumeration, in the schema's order, with the table's words
 * (column 0) as SEVIS's label and our own words where we have them.
 */
function fromTable(
  schema: TSevisSchema,
  typeName: string,
  table: number,
  opts: {
    labels?: ReadonlyMap<string, string>;
    attributes?: (cells: string[] | undefined, code: string) => Record<string, string>;
    noDescription?: (code: string) => string;
  } = {},
): TSeedValue[] {
  const rows = tableOf(table);
  return xsdEnumeration(schema, typeName).map(({ code }) => {
    const cells = rows.get(code);
    const official = cells?.[0] || null;
    const label =
      opts.labels?.get(code) ??
      (official ? sentenceCase(official) : (opts.noDescription?.(code) ?? `Code ${code} (SEVIS’s table gives no description)`));
    return { code, label, officialLabel: official, attributes: opts.attributes?.(cells, code) ?? {} };
  });
}

const yn = (v: string | undefined) => (v === 'Y' ? 'Y' : 'N');
const f1m1 = (f1: number, m1: number) => (cells: string[] | undefined) => ({ f1: yn(cells?.[f1]), m1: yn(cells?.[m1]) });

/** A country list: the schema's codes with SEVIS's names (Table 32 when Table 33 lacks one) and the ISO code records keep. */
function countries(
  codes: string[],
  active: ReadonlySet<string>,
  names: Map<string, string[]>,
  fallback: Map<string, string[]>,
): TSeedValue[] {
  return codes
    .map((code) => {
      const official = names.get(code)?.[0] || fallback.get(code)?.[0] || null;
      const iso = SEVIS_COUNTRY_ISO.get(code);
      return {
        code,
        label: official ? titleCase(official) : `${code} (SEVIS gives no name)`,
        officialLabel: official,
        attributes: iso ? { iso } : {},
        ...(active.has(code) ? {} : { retired: true }),
      };
    })
    .sort((a, b) => a.label.localeCompare(b.label, 'en'));
}

function subjectFields(): TSeedValue[] {
  const student = xsdEnumeration('student', 'ProgSubjectCodeType');
  const ev = new Set(xsdEnumeration('ev', 'ProgSubjectCodeType').map((v) => v.code));
  const titled = new Map(student.map((v) => [v.code, v.doc]));
  const codes = [...new Set([...student.map((v) => v.code), ...ev])].sort();
  return codes.map((code) => {
    const title = titled.get(code) || null;
    return {
      code,
      label: title ?? `CIP 2010 code ${code} (no CIP 2020 title)`,
      officialLabel: title,
      attributes: { student: titled.has(code) ? 'Y' : 'N', ev: ev.has(code) ? 'Y' : 'N' },
    };
  });
}

/** SEVIS's words for the birth country reasons (its table "U.S. and U.S. Territories Birth Country Reason Codes"); the schema gives codes only. */
const BIRTH_REASONS: Record<string, [label: string, official: string]> = {
  '01': ['Born in the U.S. to a foreign diplomat', 'U.S. - Born to Foreign Diplomat'],
  '02': ['Expatriated (revoked U.S. citizenship)', 'U.S. - Expatriated'],
};

/** SEVIS's visa codes: the principal's of each schema, then the F-2 and M-2 dependents'. */
function visaTypes(): TSeedValue[] {
  const visa: Record<string, string> = { '01': 'F-1', '02': 'M-1', '03': 'J-1', '04': 'F-2', '05': 'M-2' };
  const codes = [
    ...xsdEnumeration('student', 'StudentVisaCodeType'),
    ...xsdEnumeration('ev', 'EVVisaCodeType'),
    ...xsdEnumeration('student', 'DependentFMVisaType'),
  ].map((v) => v.code);
  return codes.map((code) => {
    const name = visa[code] ?? `Code ${code}`;
    const dependent = xsdEnumeration('student', 'DependentFMVisaType').some((v) => v.code === code);
    return { code, label: name, officialLabel: null, attributes: { visa: name, dependent: dependent ? 'Y' : 'N' } };
  });
}

function build(): Record<TLookupKey, TSeedValue[]> {
  const t32 = tableOf(32);
  const t33 = tableOf(33);
  const birth = xsdEnumeration('student', 'BirthCntryCodeType').map((v) => v.code);
  const citizenship = xsdEnumeration('student', 'CntryCodeWithCloseDateType').map((v) => v.code);
  const openCitizenship = new Set(xsdEnumeration('student', 'CntryCodeWithoutType').map((v) => v.code));
  const evGenders = new Set(xsdEnumeration('ev', 'EVGenderCodeType').map((v) => v.code));
  const positions = fromTable('ev', 'EVPositionCodeType', 28).map((v) =>
    /^CODE DELETED/i.test(v.officialLabel ?? '') ? { ...v, retired: true } : v,
  );
  return {
    'birth-countries': countries(birth, new Set(birth), t32, t33),
    'citizenship-countries': countries(citizenship, openCitizenship, t33, t32),
    'us-states': xsdEnumeration('student', 'StateCodeType')
      .map(({ code }) => {
        const s = US_STATE_NAMES[code];
        return { code, label: s?.name ?? code, officialLabel: null, attributes: s ? { kind: s.kind } : {} };
      })
      .sort((a, b) => a.label.localeCompare(b.label, 'en')),
    'education-levels': fromTable('student', 'EduLevelCodeType', 5, {
      labels: curated(EDUCATION_LEVELS),
      attributes: f1m1(1, 2),
    }),
    'subject-fields': subjectFields(),
    'local-majors': [],
    'ev-categories': fromTable('ev', 'EVCategoryCodeType', 15, { labels: curated(EV_CATEGORIES) }),
    'ev-positions': positions,
    'name-suffixes': fromTable('student', 'NameSuffixCodeType', 37, {
      labels: new Map([
        ['Jr.', 'Junior (Jr.)'],
        ['Sr.', 'Senior (Sr.)'],
      ]),
    }),
    genders: fromTable('student', 'GenderCodeType', 36, {
      labels: new Map([['U', 'Unknown']]),
      attributes: (_c, code) => ({ ev: evGenders.has(code) ? 'Y' : 'N' }),
    }),
    'student-termination-reasons': fromTable('student', 'StudentTerminationReasonType', 13, {
      labels: curated(STUDENT_TERMINATION_REASONS),
      attributes: f1m1(1, 2),
    }),
    'student-cancellation-reasons': fromTable('student', 'StudentCancelReasonType', 10, { labels: curated(STUDENT_CANCEL_REASONS) }),
    'ev-termination-reasons': fromTable('ev', 'EVTerminationReasonType', 24, { labels: curated(EV_TERMINATION_REASONS) }),
    'dependent-termination-reasons': fromTable('student', 'DependentTerminationReasonType', 3, { labels: curated(F2_TERMINATION_REASONS) }),
    'dependent-cancellation-reasons': fromTable('student', 'DependentCancelReasonType', 2),
    'ev-dependent-termination-reasons': fromTable('ev', 'EVDepTerminationReasonType', 19, { labels: curated(J2_TERMINATION_REASONS) }),
    'ev-dependent-end-reasons': fromTable('ev', 'DependentCompletionType', 18),
    'student-reprint-reasons': fromTable('student', 'StudentReprintRequestReasonType', 12),
    'ev-reprint-reasons': fromTable('ev', 'EVReprintRequestReasonType', 23),
    'ev-print-reasons': xsdEnumeration('ev', 'EVPrintReasonType').map(({ code }) => ({
      code,
      label: curated(J2_FORM_PURPOSES).get(code) ?? `Code ${code}`,
      officialLabel: null,
      attributes: {},
    })),
    'birth-country-reasons': xsdEnumeration('ev', 'USBornReasonType').map(({ code }) => ({
      code,
      label: BIRTH_REASONS[code]?.[0] ?? `Code ${code}`,
      officialLabel: BIRTH_REASONS[code]?.[1] ?? null,
      attributes: {},
    })),
    'visa-types': visaTypes(),
    'dependent-relationships': fromTable('student', 'DependentCodeType', 35, { labels: curated(DEPENDENT_RELATIONSHIPS) }),
    'employment-times': fromTable('student', 'EmploymentTimeType', 6, { labels: curated(EMPLOYMENT_TIME_CODES) }),
    // The schema gives the codes alone; OO's words are SEVIS's rule (S1147). The office names the others as its SEVIS guidance does.
    'us-address-overrides': addressOverrideCodes().map((code) => ({
      code,
      label: code === 'OO' ? 'Other (explain in words)' : `Code ${code} (the schema gives no description)`,
      officialLabel: null,
      attributes: {},
    })),
    'scholar-categories': SCHOLAR_CATEGORIES.map((c) => ({
      code: c,
      label: scholarCategoryLabel(c),
      officialLabel: null,
      attributes: { ev: SCHOLAR_CATEGORY_EV_CODES[c] },
    })),
    'highest-education': HIGHEST_EDUCATION_OPTIONS.map((o) => ({ code: o.value, label: o.label, officialLabel: null, attributes: {} })),
  };
}

let cached: Record<TLookupKey, TSeedValue[]> | null = null;

/** Every list's seed values, read from the schema and table files once per process. */
export function seedCatalog(): Readonly<Record<TLookupKey, readonly TSeedValue[]>> {
  cached ??= build();
  return cached;
}
