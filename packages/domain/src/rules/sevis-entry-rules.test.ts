import { describe, expect, it } from 'vitest';
import { dateOnlyIn } from './dates.js';
import { childBirthCutoff, dependentSevisIssues, SEVIS_RULE_MSG, sevisNameIssue } from './sevis-entry-rules.js';

const child = (birthDate: string) => ({ firstName: 'Anna', lastName: 'Zhang', relationshipCode: '02', birthDate, birthCountryCode: 'CN' });
const f1 = (today: string, others: { id?: string; relationshipCode: string; status: string }[] = []) => ({
  visaType: 'F-1',
  today,
  others,
});

describe('sevisNameIssue: SEVIS S1148 / S2244 (letters A to Z and spaces), S1142 / S2245 (no placeholders)', () => {
  it('takes plain Latin letters and single spaces', () => {
    for (const ok of ['Jose', 'Mary Ann', 'de la Cruz', 'Nguyen', '']) expect(sevisNameIssue(ok), ok).toBeNull();
  });
  it('refuses accents, hyphens, apostrophes, digits, double spaces', () => {
    for (const bad of ['José', 'Smith-Jones', "O'Brien", 'Anna2', 'Ann  Lee', 'Müller', 'Yılmaz'])
      expect(sevisNameIssue(bad), bad).toBe(SEVIS_RULE_MSG.nameCharacters);
  });
  it('refuses FNU, LNU, Unknown, Not Applicable and None as a name', () => {
    for (const bad of ['FNU', 'lnu', 'Unknown', 'Not Applicable', 'NONE'])
      expect(sevisNameIssue(bad), bad).toBe(SEVIS_RULE_MSG.namePlaceholder);
  });
});

describe('a child dependent is under 21: SEVIS S1014 / S2121, INA 101(b)(1)', () => {
  it('the day before the 21st birthday the child is taken; on the birthday it is refused', () => {
    expect(childBirthCutoff('2025-06-10')).toBe('2004-06-10');
    expect(dependentSevisIssues(child('2004-06-11'), f1('2025-06-10'))).toEqual({});
    expect(dependentSevisIssues(child('2004-06-10'), f1('2025-06-10'))).toEqual({ birthDate: SEVIS_RULE_MSG.childTooOld('2004-06-10') });
    expect(SEVIS_RULE_MSG.childTooOld('2004-06-10')).toContain('born after 06/10/2004');
  });

  it("uses the office's day: at 23:30 in Los Angeles it is still the day before the birthday there", () => {
    const instant = new Date('2025-06-11T06:30:00Z'); // 10 June 23:30 in Los Angeles, 11 June in UTC
    const today = dateOnlyIn(instant, { timeZone: 'America/Los_Angeles' });
    expect(today).toBe('2025-06-10');
    expect(dependentSevisIssues(child('2004-06-11'), f1(today))).toEqual({});
    // The UTC day would already be the birthday.
    expect(dependentSevisIssues(child('2004-06-11'), f1(dateOnlyIn(instant, { timeZone: 'UTC' })))).toHaveProperty('birthDate');
  });

  it('a child born on 29 February turns 21 on 1 March of a common year', () => {
    expect(dependentSevisIssues(child('2004-02-29'), f1('2025-02-28'))).toEqual({});
    expect(dependentSevisIssues(child('2004-02-29'), f1('2025-03-01'))).toHaveProperty('birthDate');
  });

  it('on 29 February, 21 years back is 28 February: born that day is 21, born 1 March is not yet', () => {
    expect(childBirthCutoff('2024-02-29')).toBe('2003-02-28');
    expect(dependentSevisIssues(child('2003-02-28'), f1('2024-02-29'))).toHaveProperty('birthDate');
    expect(dependentSevisIssues(child('2003-03-01'), f1('2024-02-29'))).toEqual({});
  });

  it('a spouse has no age limit; nobody is born after today (SEVIS S1067)', () => {
    expect(dependentSevisIssues({ ...child('1970-01-01'), relationshipCode: '01' }, f1('2025-06-10'))).toEqual({});
    expect(dependentSevisIssues(child('2025-06-11'), f1('2025-06-10'))).toEqual({ birthDate: SEVIS_RULE_MSG.birthInFuture });
    expect(dependentSevisIssues(child('2025-06-10'), f1('2025-06-10'))).toEqual({});
  });
});

describe('one spouse per student: SEVIS S1105 (F-2), S2119 (J-2)', () => {
  const spouse = { firstName: 'Wei', lastName: 'Zhang', relationshipCode: '01', birthDate: '1995-01-01', birthCountryCode: 'CN' };
  it('refuses a second spouse while the first is active, not once the first is terminated', () => {
    expect(dependentSevisIssues(spouse, f1('2025-06-10', [{ id: 'a', relationshipCode: '01', status: 'Active' }]))).toEqual({
      relationshipCode: SEVIS_RULE_MSG.secondSpouse,
    });
    expect(dependentSevisIssues(spouse, f1('2025-06-10', [{ id: 'a', relationshipCode: '01', status: 'Terminated' }]))).toEqual({});
    expect(
      dependentSevisIssues(spouse, { ...f1('2025-06-10', [{ id: 'a', relationshipCode: '01', status: 'Active' }]), visaType: 'J-1' }),
    ).toEqual({
      relationshipCode: SEVIS_RULE_MSG.secondSpouse,
    });
  });
  it('the spouse being changed is not a second spouse', () => {
    expect(dependentSevisIssues({ ...spouse, id: 'a' }, f1('2025-06-10', [{ id: 'a', relationshipCode: '01', status: 'Active' }]))).toEqual(
      {},
    );
  });
});

describe('no U.S.-born or U.S. citizen F-2 (a child born in the United States is a U.S. citizen)', () => {
  it('refuses an F-2 born in or a citizen of the United States; a J-2 born there goes with a birth country reason', () => {
    expect(
      dependentSevisIssues({ ...child('2022-01-01'), birthCountryCode: 'us', citizenshipCountryCode: 'US' }, f1('2025-06-10')),
    ).toEqual({
      birthCountryCode: SEVIS_RULE_MSG.usBornF2,
      citizenshipCountryCode: SEVIS_RULE_MSG.usCitizen,
    });
    expect(dependentSevisIssues({ ...child('2022-01-01'), birthCountryCode: 'US' }, { ...f1('2025-06-10'), visaType: 'J-1' })).toEqual({});
  });
});
