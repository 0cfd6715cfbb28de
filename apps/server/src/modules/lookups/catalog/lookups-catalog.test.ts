import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EMPLOYMENT_TIME_CODES, LOOKUP_KEYS, LOOKUP_LISTS, type TLookupKey } from '@meridian/domain';
import { ISO_TO_SEVIS } from '../../sevis/xml/codes.js';
import { seedCatalog, sentenceCase, titleCase } from './seed-catalog.js';

/**
 * The seeded lists are SEVIS's (docs/product/lookups.md#where-the-values-come-from): each list's codes are
 * compared with the enumeration of its type, read here straight from the schema files the server ships,
 * independently of the catalog's own reader.
 */
const XSD = fileURLToPath(new URL('../../../../sevis-xsd/', import.meta.url));
const schemaText = {
  student: readFileSync(`${XSD}student-6.55/SEVISTable.xsd`, 'utf8'),
  ev: readFileSync(`${XSD}exchange-visitor-6.27/SEVISTable.xsd`, 'utf8'),
};

function enumeration(schema: 'student' | 'ev', type: string): string[] {
  const src = schemaText[schema];
  const start = src.indexOf(`<xs:simpleType name="${type}">`);
  expect(start, `${schema} ${type}`).toBeGreaterThan(0);
  const body = src.slice(start, src.indexOf('</xs:simpleType>', start));
  return [...body.matchAll(/<xs:enumeration value="([^"]*)"/g)].map((m) => m[1]!);
}

/** Each list and the schema type whose codes it holds (both schemas where both have the type). */
type TNotOneType =
  | 'local-majors'
  | 'subject-fields'
  | 'citizenship-countries'
  | 'visa-types'
  | 'us-address-overrides'
  | 'scholar-categories'
  | 'highest-education';
const SOURCES: Record<Exclude<TLookupKey, TNotOneType>, ['student' | 'ev', string]> = {
  'birth-countries': ['student', 'BirthCntryCodeType'],
  'us-states': ['student', 'StateCodeType'],
  'education-levels': ['student', 'EduLevelCodeType'],
  'ev-categories': ['ev', 'EVCategoryCodeType'],
  'ev-positions': ['ev', 'EVPositionCodeType'],
  'name-suffixes': ['student', 'NameSuffixCodeType'],
  genders: ['student', 'GenderCodeType'],
  'student-termination-reasons': ['student', 'StudentTerminationReasonType'],
  'student-cancellation-reasons': ['student', 'StudentCancelReasonType'],
  'ev-termination-reasons': ['ev', 'EVTerminationReasonType'],
  'dependent-termination-reasons': ['student', 'DependentTerminationReasonType'],
  'dependent-cancellation-reasons': ['student', 'DependentCancelReasonType'],
  'ev-dependent-termination-reasons': ['ev', 'EVDepTerminationReasonType'],
  'ev-dependent-end-reasons': ['ev', 'DependentCompletionType'],
  'student-reprint-reasons': ['student', 'StudentReprintRequestReasonType'],
  'ev-reprint-reasons': ['ev', 'EVReprintRequestReasonType'],
  'ev-print-reasons': ['ev', 'EVPrintReasonType'],
  'birth-country-reasons': ['ev', 'USBornReasonType'],
  'dependent-relationships': ['student', 'DependentCodeType'],
  'employment-times': ['student', 'EmploymentTimeType'],
};

const sorted = (xs: Iterable<string>) => [...xs].sort();

describe('the seed catalog holds SEVIS’s code lists, code for code', () => {
  const catalog = seedCatalog();

  it('has a definition and values for every list key, each code once, each with a label', () => {
    expect(sorted(LOOKUP_LISTS.map((l) => l.key))).toEqual(sorted(LOOKUP_KEYS));
    for (const key of LOOKUP_KEYS) {
      const codes = catalog[key].map((v) => v.code);
      expect(new Set(codes).size, key).toBe(codes.length);
      for (const v of catalog[key]) expect(v.label.trim(), `${key} ${v.code}`).not.toBe('');
    }
    expect(catalog['local-majors']).toEqual([]);
  });

  it.each(Object.entries(SOURCES))('%s: exactly the codes of its schema type', (key, [schema, type]) => {
    expect(sorted(catalog[key as TLookupKey].map((v) => v.code))).toEqual(sorted(enumeration(schema, type)));
  });

  it('countries: the same birth and citizenship lists in both schemas', () => {
    expect(sorted(enumeration('ev', 'BirthCntryCodeType'))).toEqual(sorted(enumeration('student', 'BirthCntryCodeType')));
    expect(sorted(enumeration('ev', 'CntryCodeWithoutType'))).toEqual(sorted(enumeration('student', 'CntryCodeWithoutType')));
  });

  it('citizenship: every code of CntryCodeWithCloseDateType; those of CntryCodeWithoutType offered, the closed ones retired', () => {
    const list = catalog['citizenship-countries'];
    expect(sorted(list.map((v) => v.code))).toEqual(sorted(enumeration('student', 'CntryCodeWithCloseDateType')));
    expect(sorted(list.filter((v) => !v.retired).map((v) => v.code))).toEqual(sorted(enumeration('student', 'CntryCodeWithoutType')));
    expect(list.find((v) => v.code === 'UR')).toMatchObject({ label: 'Union of Soviet Socialist Republics', retired: true });
    // SEVIS does not hold U.S. citizens: the United States is a country of birth only.
    expect(list.some((v) => v.code === 'US')).toBe(false);
    expect(catalog['birth-countries'].find((v) => v.code === 'US')).toMatchObject({ label: 'United States', attributes: { iso: 'US' } });
  });

  it('countries carry the ISO code records keep, the same pairs the SEVIS batches map (sevis/xml/codes.ts)', () => {
    const both = [...catalog['birth-countries'], ...catalog['citizenship-countries']];
    const fromLists = new Map(both.filter((v) => v.attributes.iso).map((v) => [v.attributes.iso!, v.code]));
    expect(Object.fromEntries([...fromLists].sort())).toEqual(Object.fromEntries(Object.entries(ISO_TO_SEVIS).sort()));
    expect(catalog['citizenship-countries'].find((v) => v.code === 'CH')).toMatchObject({ label: 'China', attributes: { iso: 'CN' } });
    expect(catalog['citizenship-countries'].find((v) => v.code === 'SZ')).toMatchObject({
      label: 'Switzerland',
      attributes: { iso: 'CH' },
    });
  });

  it('subject fields: every CIP code of both schemas, with the student schema’s CIP 2020 titles', () => {
    const student = enumeration('student', 'ProgSubjectCodeType');
    const ev = enumeration('ev', 'ProgSubjectCodeType');
    const list = catalog['subject-fields'];
    expect(sorted(list.map((v) => v.code))).toEqual(sorted(new Set([...student, ...ev])));
    expect(list.find((v) => v.code === '11.0701')).toMatchObject({ label: 'Computer Science', attributes: { student: 'Y', ev: 'Y' } });
    const evOnly = ev.find((c) => !student.includes(c))!;
    expect(list.find((v) => v.code === evOnly)).toMatchObject({
      label: `CIP 2010 code ${evOnly} (no CIP 2020 title)`,
      officialLabel: null,
      attributes: { student: 'N', ev: 'Y' },
    });
  });

  it('education levels: the table’s F-1 and M-1 columns (SEVIS S1062), codes as the schema pads them', () => {
    const levels = catalog['education-levels'];
    expect(levels.map((l) => l.code)).toEqual(['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11']);
    expect(levels.filter((l) => l.attributes.f1 === 'Y').map((l) => l.code)).toEqual(['01', '02', '03', '04', '05', '06', '07', '11']);
    expect(levels.find((l) => l.code === '09')).toMatchObject({ officialLabel: 'FLIGHT TRAINING', attributes: { f1: 'N', m1: 'Y' } });
  });

  it('positions SEVIS deleted are seeded retired; U is not for an exchange visitor', () => {
    expect(catalog['ev-positions'].find((v) => v.code === '531')).toMatchObject({ retired: true });
    expect(catalog['ev-positions'].filter((v) => v.retired)).toHaveLength(1);
    expect(catalog.genders.map((g) => [g.code, g.attributes.ev])).toEqual([
      ['M', 'Y'],
      ['F', 'Y'],
      ['U', 'N'],
    ]);
  });

  it('visa types: the principals’ and the F-2/M-2 dependents’ SEVIS codes, each with its visa', () => {
    const codes = [
      ...enumeration('student', 'StudentVisaCodeType'),
      ...enumeration('ev', 'EVVisaCodeType'),
      ...enumeration('student', 'DependentFMVisaType'),
    ];
    expect(sorted(catalog['visa-types'].map((v) => v.code))).toEqual(sorted(codes));
    expect(catalog['visa-types'].map((v) => [v.code, v.attributes.visa, v.attributes.dependent])).toEqual([
      ['01', 'F-1', 'N'],
      ['02', 'M-1', 'N'],
      ['03', 'J-1', 'N'],
      ['04', 'F-2', 'Y'],
      ['05', 'M-2', 'Y'],
    ]);
  });

  it('U.S. address override reasons: the explanation codes of a U.S. address (Common.xsd USAddrDoctorType), OO the one that needs words', () => {
    const common = readFileSync(`${XSD}student-6.55/Common.xsd`, 'utf8');
    const from = common.indexOf('name="ExplanationCode"', common.indexOf('<xs:complexType name="USAddrDoctorType">'));
    const body = common.slice(from, common.indexOf('</xs:simpleType>', from));
    const codes = [...body.matchAll(/<xs:enumeration value="([^"]*)"/g)].map((m) => m[1]!).filter(Boolean);
    expect(codes).toEqual(['OB', 'OH', 'OM', 'ON', 'OO', 'OP']);
    expect(catalog['us-address-overrides'].map((v) => v.code)).toEqual(codes);
    expect(catalog['us-address-overrides'].find((v) => v.code === 'OO')).toMatchObject({ label: 'Other (explain in words)' });
  });

  it('scholar categories carry the program category each is sent as, itself a SEVIS category', () => {
    const categories = new Set(enumeration('ev', 'EVCategoryCodeType'));
    expect(catalog['scholar-categories'].find((v) => v.code === 'RESEARCH SCHOLAR')).toMatchObject({
      label: 'Research Scholar',
      attributes: { ev: '08' },
    });
    for (const v of catalog['scholar-categories']) expect(categories.has(v.attributes.ev!), v.code).toBe(true);
    expect(catalog['highest-education'].map((v) => v.code)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9']);
    expect(catalog['dependent-relationships'].map((v) => [v.code, v.label, v.officialLabel])).toEqual([
      ['01', 'Spouse', 'SPOUSE'],
      ['02', 'Child', 'CHILD'],
    ]);
    expect(catalog['birth-country-reasons'].map((v) => v.code)).toEqual(['01', '02']);
  });

  it('employment time: SEVIS Table 6’s codes of EmploymentTimeType, with the words the forms used and SEVIS’s beside them', () => {
    expect(catalog['employment-times'].map((v) => v.code)).toEqual(enumeration('student', 'EmploymentTimeType'));
    expect(catalog['employment-times'].map((v) => [v.code, v.label, v.officialLabel])).toEqual([
      ['01', 'Full time', 'FULL TIME'],
      ['02', 'Part time', 'PART TIME'],
    ]);
    expect(catalog['employment-times'].map((v) => ({ code: v.code, label: v.label }))).toEqual(EMPLOYMENT_TIME_CODES);
  });

  it('U.S. states: each code named', () => {
    const states = catalog['us-states'];
    expect(states.find((s) => s.code === 'MA')).toMatchObject({ label: 'Massachusetts', attributes: { kind: 'state' } });
    expect(states.every((s) => s.label !== s.code)).toBe(true);
  });

  it('words: SEVIS’s capitals read as titles and sentences', () => {
    expect(titleCase("COTE D'IVOIRE")).toBe("Cote d'Ivoire");
    expect(titleCase('BOSNIA AND HERZEGOVINA')).toBe('Bosnia and Herzegovina');
    expect(titleCase('CONGO (KINSHASA)')).toBe('Congo (Kinshasa)');
    expect(titleCase('BAHAMAS, THE')).toBe('Bahamas, The');
    expect(sentenceCase('HEAD OF TV OR RADIO STATION')).toBe('Head of TV or radio station');
    expect(sentenceCase('Already written')).toBe('Already written');
  });
});
