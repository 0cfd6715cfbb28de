import { describe, expect, it } from 'vitest';
import { addDays } from '@meridian/domain';
import { groupOf, groupServices, suggestedCodes, type TServiceFacts } from './service-groups';

const TODAY = '2026-05-01';
const facts = (f: Partial<TServiceFacts>): TServiceFacts => ({
  stage: 'continuing',
  visaType: 'F-1',
  today: TODAY,
  programEndDate: '2028-05-15',
  ...f,
});
const types = (...codes: string[]) => codes.map((code) => ({ code, name: code }));
const CATALOGUE = types(
  'demographic_update',
  'cpt_request',
  'opt_request',
  'opt_employer_update',
  'opt_stem_extend',
  'program_extension',
  'complete_program_request',
  'registration_request',
  'transfer_out',
  'office_travel_signature',
  'something_new',
);

describe('the service menu in groups', () => {
  it('places each catalogue type in its group, and an office’s own type by its code', () => {
    expect(groupOf('cpt_request')).toBe('employment');
    expect(groupOf('rcl_request')).toBe('enrollment');
    expect(groupOf('contact_info_update')).toBe('personal');
    expect(groupOf('transfer_in')).toBe('status');
    expect(groupOf('office_travel_signature')).toBe('travel');
    expect(groupOf('something_new')).toBe('other');
  });

  it('a continuing F-1 student far from the end of their program: no suggestions, enrollment first, then employment', () => {
    const groups = groupServices(CATALOGUE, facts({}));
    expect(groups.map((g) => g.title)).toEqual([
      'Enrollment & program',
      'Employment',
      'Travel & documents',
      'Personal information',
      'Transfers & status',
      'Other services',
    ]);
  });

  it('a student on post-completion OPT: the employer update and the STEM extension suggested, employment first', () => {
    const groups = groupServices(CATALOGUE, facts({ stage: 'postcompletion_graduated', programEndDate: addDays(TODAY, -200) }));
    expect(groups[0]).toMatchObject({ key: 'suggested', title: 'Suggested for you' });
    expect(groups[0]!.types.map((t) => t.code)).toEqual(['opt_employer_update', 'opt_stem_extend']);
    expect(groups[1]!.key).toBe('employment');
    // Each service is listed once: the suggested ones are not repeated in their own group.
    expect(groups[1]!.types.map((t) => t.code)).toEqual(['cpt_request', 'opt_request']);
  });

  it('an exchange visitor: enrollment and personal information before employment', () => {
    expect(groupServices(CATALOGUE, facts({ visaType: 'J-1' })).map((g) => g.key)).toEqual([
      'enrollment',
      'personal',
      'travel',
      'employment',
      'status',
      'other',
    ]);
  });

  // Post-completion OPT may be requested from 90 days before to 60 days after the program end date
  // (8 CFR 214.2(f)(11)(i)(B)(2); the OPT filing window of packages/domain/src/rules/deadlines.ts).
  it('suggests OPT to an F-1 student from 90 days before the program end to 60 days after, not a day outside', () => {
    expect(suggestedCodes(facts({ programEndDate: addDays(TODAY, 90) })).has('opt_request')).toBe(true);
    expect(suggestedCodes(facts({ programEndDate: addDays(TODAY, 91) })).has('opt_request')).toBe(false);
    expect(suggestedCodes(facts({ programEndDate: addDays(TODAY, -60) })).has('opt_request')).toBe(true);
    expect(suggestedCodes(facts({ programEndDate: addDays(TODAY, -61) })).has('opt_request')).toBe(false);
    expect(suggestedCodes(facts({ visaType: 'J-1', programEndDate: addDays(TODAY, 30) })).has('opt_request')).toBe(false);
  });

  it('suggests extending or completing a program that ends within 60 days, not one that ended', () => {
    expect([...suggestedCodes(facts({ programEndDate: addDays(TODAY, 60), visaType: 'J-1' }))].sort()).toEqual([
      'complete_program_request',
      'program_extension',
    ]);
    expect(suggestedCodes(facts({ programEndDate: addDays(TODAY, 61), visaType: 'J-1' })).size).toBe(0);
    expect(suggestedCodes(facts({ programEndDate: addDays(TODAY, -1), visaType: 'J-1' })).size).toBe(0);
  });

  it('without the record’s dates (not loaded yet), groups by stage alone', () => {
    expect(suggestedCodes(facts({ today: null, programEndDate: null })).size).toBe(0);
  });
});
