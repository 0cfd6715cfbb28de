import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEPENDENT_RELATIONSHIPS, EDUCATION_LEVELS, EV_CATEGORIES, EV_POSITION_CODES, OPT_PHASES, studentsApi } from '@meridian/domain';
import {
  EV_DEPENDENT_END_STATUS,
  F2_DEPENDENT_TERMINATION,
  ISO_TO_SEVIS,
  RCL_REASON_TO_SEVIS,
  SEVIS_COUNTRY_NAMES,
  SUFFIX_TO_SEVIS,
  isoFromSevisCountry,
  sevisGender,
} from '../src/modules/sevis/xml/codes.js';
import { fullOrPartTime } from '../src/modules/sevis/xml/map.js';
import { codeList } from '../src/modules/sevis/xml/schema.js';
import * as T from '../src/modules/sevis/xml/sevis-tables.js';

/**
 * Every code Meridian sends is SEVIS's, with the meaning we intend: each SEVIS code table file
 * (apps/server/sevis-xsd/tables, copied from SEVIS's own tables) is loaded, and every code our
 * mappings can send is looked up in it and its description compared with what we mean.
 */
const DIR = fileURLToPath(new URL('../sevis-xsd/tables/', import.meta.url));

/** One table as rows of cells (code first), from the file whose name starts "SEVIS Table N - ". */
function table(n: number): Map<string, string[]> {
  const file = readdirSync(DIR).find((f) => f.startsWith(`SEVIS Table ${n} - `));
  if (!file) throw new Error(`SEVIS Table ${n} is missing`);
  const lines = readFileSync(`${DIR}${file}`, 'utf8').split('\n');
  const rows = new Map<string, string[]>();
  // Line 1 is the file name, line 2 the header; rows end at '----'.
  for (const line of lines.slice(2)) {
    if (line.startsWith('----')) break;
    const cells = line.split('|').map((c) => c.trim());
    if (!cells[0]) continue;
    rows.set(cells[0], cells.slice(1));
  }
  return rows;
}
/** A table's description of a code; numeric codes match however the table pads them (Table 5 writes 1, the schema 01). */
function meaning(n: number, code: string): string | undefined {
  const t = table(n);
  const row = t.get(code) ?? (/^\d+$/.test(code) ? t.get(String(Number(code))) : undefined);
  return row?.[0];
}
const words = (s: string | undefined) =>
  (s ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/\(M-1\)/g, '')
    .replace(/&/g, 'AND')
    .replace(/[^A-Z0-9]/g, '');

describe('each SEVIS table Meridian copies holds exactly what the table file says', () => {
  const copies: [number, T.TSevisTable][] = [
    [4, T.TABLE_4_DROP_BELOW],
    [13, T.TABLE_13_TERMINATION_F1],
    [10, T.TABLE_10_CANCEL],
    [12, T.TABLE_12_STUDENT_REPRINT],
    [2, T.TABLE_2_DEPENDENT_CANCEL],
    [3, T.TABLE_3_DEPENDENT_TERMINATION],
    [18, T.TABLE_18_EV_DEPENDENT_END],
    [19, T.TABLE_19_EV_DEPENDENT_TERMINATION],
    [23, T.TABLE_23_EV_REPRINT],
    [24, T.TABLE_24_EV_TERMINATION],
    [6, T.TABLE_6_EMPLOYMENT_TIME],
    [9, T.TABLE_9_OPT_COMPLETION],
    [35, T.TABLE_35_DEPENDENT_TYPE],
    [36, T.TABLE_36_GENDER],
    [37, T.TABLE_37_SUFFIX],
  ];
  it.each(copies)('SEVIS Table %i: every code and description', (n, copy) => {
    for (const [code, description] of Object.entries(copy)) expect(meaning(n, code), `Table ${n} ${code}`).toBe(description);
  });

  it('SEVIS Table 13: only the termination reasons whose F-1 column is Y (SEVIS S1060), and all of them', () => {
    const f1 = [...table(13)].filter(([, cells]) => cells[1] === 'Y').map(([code]) => code);
    expect(Object.keys(T.TABLE_13_TERMINATION_F1).sort()).toEqual(f1.sort());
  });

  it("every copied code is also in the schema's list of its type (both schemas)", () => {
    for (const [typeName, { table: copy }] of Object.entries(T.TABLE_OF_TYPE))
      for (const code of Object.keys(copy)) {
        const kinds = typeName.startsWith('EV') || typeName === 'DependentCompletionType' ? (['ev'] as const) : (['student'] as const);
        for (const kind of kinds) expect(codeList(kind, typeName).has(code), `${typeName} ${code}`).toBe(true);
      }
  });
});

describe('our words and codes go to the SEVIS code that means the same', () => {
  it('SEVIS Table 4: a medical reduced course load is 01 (illness or medical condition), the final term 06', () => {
    expect(meaning(4, RCL_REASON_TO_SEVIS.medical!)).toBe('ILLNESS OR MEDICAL CONDITION');
    expect(meaning(4, RCL_REASON_TO_SEVIS.final_term!)).toBe('TO COMPLETE COURSE OF STUDY IN CURRENT TERM');
    expect(RCL_REASON_TO_SEVIS.academic).toBeUndefined();
  });

  it('SEVIS Table 3 (F-2) and Table 18 (J-2): each of our termination reasons', () => {
    const intended: Record<string, [string, string]> = {
      DEATH: ['DEATH', 'DEATH'],
      DIVORCE: ['DIVORCE', 'DIVORCE'],
      OVERAGE: ['CHILD OVER 21', 'OTHER'],
      MARRIED: ['OTHER', 'OTHER'],
      CHGSTATUS: ['OTHER', 'OTHER'],
      OTHER: ['OTHER', 'OTHER'],
    };
    expect(Object.keys(intended).sort()).toEqual(studentsApi.DEPENDENT_TERMINATION_REASONS.map((r) => r.code).sort());
    for (const [word, [f2, j2]] of Object.entries(intended)) {
      expect(meaning(3, F2_DEPENDENT_TERMINATION[word]!), `F-2 ${word}`).toBe(f2);
      expect(meaning(18, EV_DEPENDENT_END_STATUS[word]!), `J-2 ${word}`).toBe(j2);
      expect(codeList('ev', 'DependentCompletionType').has(EV_DEPENDENT_END_STATUS[word]!)).toBe(true);
    }
  });

  it('SEVIS Table 36: M male, F female, U unknown (and an X records held before, another gender, unknown)', () => {
    expect(meaning(36, sevisGender('M')!)).toBe('MALE');
    expect(meaning(36, sevisGender('f')!)).toBe('FEMALE');
    expect(meaning(36, sevisGender('U')!)).toMatch(/^UNKNOWN/);
    expect(sevisGender('X')).toBe('U');
  });

  it('SEVIS Table 37: every suffix we accept', () => {
    const intended: Record<string, string> = { I: 'First', II: 'Second', III: 'Third', IV: 'Fourth', JR: 'Junior', SR: 'Senior' };
    for (const [ours, code] of Object.entries(SUFFIX_TO_SEVIS)) expect(meaning(37, code), ours).toBe(intended[ours.replace('.', '')]);
  });

  it('SEVIS Table 6: full time 01, part time 02', () => {
    expect(meaning(6, fullOrPartTime('Full time')!)).toBe('FULL TIME');
    expect(meaning(6, fullOrPartTime('02')!)).toBe('PART TIME');
  });

  it('SEVIS Table 9: our pre- and post-completion OPT phases are its completion types', () => {
    for (const phase of OPT_PHASES.filter((p) => p.code !== '03'))
      expect(words(meaning(9, phase.code))).toBe(words(phase.label.replace('-', ' ')));
  });

  it('SEVIS Table 35: spouse 01, child 02', () => {
    for (const r of DEPENDENT_RELATIONSHIPS) expect(words(meaning(35, r.code))).toBe(words(r.label));
  });

  it('SEVIS Table 5: every education level, with its name and whether F-1 students may have it (S1062)', () => {
    expect(EDUCATION_LEVELS.length).toBe(table(5).size);
    for (const l of EDUCATION_LEVELS) {
      expect(words(meaning(5, l.code)), l.code).toBe(words(l.label));
      expect(table(5).get(String(Number(l.code)))![1], `${l.code} F-1 column`).toBe(l.f1 ? 'Y' : 'N');
    }
  });

  it('SEVIS Table 15: every exchange visitor category, with its name', () => {
    expect(EV_CATEGORIES.length).toBe(table(15).size);
    for (const c of EV_CATEGORIES) expect(words(meaning(15, c.code)), c.code).toBe(words(c.label));
  });

  it('SEVIS Table 28: every position code we offer is listed and not deleted', () => {
    for (const code of EV_POSITION_CODES) {
      expect(meaning(28, code), code).toBeDefined();
      expect(meaning(28, code), code).not.toMatch(/DELETED/);
    }
    expect(EV_POSITION_CODES).not.toContain('531');
  });
});

describe('countries: our ISO codes to SEVIS Tables 32 and 33, and back from RTI', () => {
  // Where SEVIS's name is not the English name of the ISO code, what we mean by it.
  const SEVIS_NAME: Record<string, string> = {
    BS: 'BAHAMAS, THE',
    CZ: 'CZECH REPUBLIC',
    FK: 'FALKLAND ISLANDS (ISLAS MALVINAS)',
    FM: 'MICRONESIA, FEDERATED STATES OF',
    GS: 'SOUTH GEORGIA AND THE SOUTH SANDWICH ISLANDS',
    GM: 'GAMBIA, THE',
    HK: 'HONG KONG',
    HM: 'HEARD ISLAND AND MCDONALD SLANDS',
    MK: 'MACEDONIA',
    MM: 'BURMA',
    MO: 'MACAU',
    SH: 'SAINT HELENA, ASCENSION, AND TRISTAN DA CUNHA',
    SZ: 'SWAZILAND',
    TF: 'FRENCH SOUTHERN AND ANTARCTIC LANDS',
    TR: 'TURKEY',
    VC: 'SAINT VINCENT AND THE GRENADINES',
    VI: 'VIRGIN ISLANDS',
  };
  const english = new Intl.DisplayNames(['en'], { type: 'region' });
  const sameName = (a: string) => words(a).replace(/^ST(?=[A-Z])/, 'SAINT');

  it('SEVIS Table 32: every ISO code we send as a country of birth names the same country', () => {
    for (const [iso, code] of Object.entries(ISO_TO_SEVIS)) {
      const name = meaning(32, code);
      expect(name, `${iso} -> ${code}`).toBeDefined();
      expect(sameName(name!), `${iso} -> ${code} ${name}`).toBe(sameName(SEVIS_NAME[iso] ?? english.of(iso)!));
      expect(SEVIS_COUNTRY_NAMES[code]).toBe(name);
    }
  });

  it('SEVIS Table 33: a citizenship or residence we send is in it with the same name (else the record is held back)', () => {
    const t33 = table(33);
    for (const [iso, code] of Object.entries(ISO_TO_SEVIS)) {
      const row = t33.get(code);
      if (row) expect(row[0]!.trim(), `${iso} -> ${code}`).toBe(meaning(32, code)!.trim());
      else expect(codeList('student', 'CntryCodeWithoutType').has(code), `${iso} -> ${code} not in Table 33`).toBe(false);
    }
  });

  it("RTI's SEVIS codes and names come back as our ISO codes: CH is China, SZ Switzerland, GM Germany", () => {
    expect(isoFromSevisCountry('CH')).toBe('CN');
    expect(isoFromSevisCountry('SZ')).toBe('CH');
    expect(isoFromSevisCountry('gm')).toBe('DE');
    expect(isoFromSevisCountry('CHINA')).toBe('CN');
    expect(isoFromSevisCountry('Bahamas, The')).toBe('BS');
    expect(isoFromSevisCountry('SOUTH KOREA')).toBe('KR');
    expect(isoFromSevisCountry("COTE D'IVOIRE")).toBe('CI');
    // Codes SEVIS has without an ISO country, and unknown names, are not guessed.
    expect(isoFromSevisCountry('CZ')).toBeUndefined();
    expect(isoFromSevisCountry('U3')).toBeUndefined();
    expect(isoFromSevisCountry('ATLANTIS')).toBeUndefined();
    for (const [iso, code] of Object.entries(ISO_TO_SEVIS)) {
      expect(isoFromSevisCountry(code), code).toBe(iso);
      expect(isoFromSevisCountry(SEVIS_COUNTRY_NAMES[code]!), SEVIS_COUNTRY_NAMES[code]).toBe(iso);
    }
  });
});
