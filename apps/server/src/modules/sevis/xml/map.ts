import { dependentSevisIssues, sevisNameIssue, textOf } from '@meridian/domain';
import { SUFFIX_TO_SEVIS, sevisCountry, sevisGender } from './codes.js';
import { TABLE_OF_TYPE } from './sevis-tables.js';
import { codeList, type TBatchKind } from './schema.js';
import type { TBatchRecordInput, TDependent, TEmployment, TXmlNode } from './types.js';
import { type TAddress } from '../../students/index.js';

/** Where a missing value lives, said the way an officer looks for it. */
export const ON_RECORD = 'on the student record';
export const IN_EVENT = 'in the SEVIS update (the approved request or change that raised it)';
/** Where the officer fills in what SEVIS asks only on a new form (the record's sections of that name). */
export const ON_RECORD_NEW_I20 = "on the student record (Program tab, section 'New I-20: English proficiency and academic term')";
export const ON_RECORD_NEW_DS2019 = "on the student record (DS-2019 tab, section 'New DS-2019: position and U.S. government funds')";
export const onDependent = (d: Pick<TDependent, 'firstName' | 'lastName'>) => `on dependent ${`${d.firstName} ${d.lastName}`.trim()}`;

const str = (v: unknown): string => textOf(v).trim();

/** An ISO date (YYYY-MM-DD) from a date column, an ISO string or a Date; undefined when empty or unreadable. */
export function isoDate(v: unknown): string | undefined {
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? undefined : v.toISOString().slice(0, 10);
  const s = str(v);
  return /^\d{4}-\d{2}-\d{2}/.test(s) ? s.slice(0, 10) : undefined;
}

/**
 * Maps one event and its record to XML, collecting what is missing as sentences an officer can act on
 * ("Date of birth is missing on the student record."): a record with problems is held back before
 * the schema ever sees it, so nothing is invented to fill a gap.
 */
export class RecordMapper {
  readonly problems: string[] = [];

  constructor(
    readonly r: TBatchRecordInput,
    readonly kind: TBatchKind,
    readonly today: string,
  ) {}

  get p() {
    return this.r.profile;
  }

  /** A payload value as trimmed text ('' when absent). */
  pv(key: string): string {
    return str(this.r.payload[key]);
  }

  /** The first non-empty of a payload value and fallbacks. */
  first(...values: unknown[]): string {
    for (const v of values) {
      const s = str(v);
      if (s) return s;
    }
    return '';
  }

  problem(message: string) {
    if (!this.problems.includes(message)) this.problems.push(message);
  }

  missing(field: string, where: string) {
    this.problem(`${field} is missing ${where}.`);
  }

  /** A required text value. */
  req(v: unknown, field: string, where: string): string | undefined {
    const s = str(v);
    if (!s) {
      this.missing(field, where);
      return undefined;
    }
    return s;
  }

  opt(v: unknown): string | undefined {
    return str(v) || undefined;
  }

  reqDate(v: unknown, field: string, where: string): string | undefined {
    if (!str(v)) {
      this.missing(field, where);
      return undefined;
    }
    const d = isoDate(v);
    if (!d) this.problem(`${field} ${where} is not a date (${str(v)}).`);
    return d;
  }

  optDate(v: unknown): string | undefined {
    return isoDate(v);
  }

  bool(v: boolean): string {
    return v ? 'true' : 'false';
  }

  /** A yes/no answer from the payload ('1', 'true', 'yes', true); undefined when not given. */
  yesNo(v: unknown): boolean | undefined {
    const s = str(v).toLowerCase();
    if (['1', 'true', 'yes', 'y'].includes(s)) return true;
    if (['0', 'false', 'no', 'n'].includes(s)) return false;
    return undefined;
  }

  /** Whole dollars (SEVIS MonetaryType); undefined when empty. */
  money(v: unknown, field: string, where: string): string | undefined {
    const s = str(v);
    if (!s) return undefined;
    const n = Number(s);
    if (!Number.isFinite(n) || n < 0) {
      this.problem(`${field} ${where} is not an amount in dollars (${s}).`);
      return undefined;
    }
    return String(Math.round(n));
  }

  /** A value that must be in one of SEVISTable.xsd's code lists. */
  code(v: unknown, typeName: string, field: string, where: string, required = true): string | undefined {
    const s = str(v);
    if (!s) {
      if (required) this.missing(field, where);
      return undefined;
    }
    if (!codeList(this.kind, typeName).has(s)) {
      this.problem(`${field} ${where} (${s}) is not a code SEVIS accepts.`);
      return undefined;
    }
    // The schema lists codes the SEVIS table does not give (or not for this visa type): SEVIS refuses them.
    const table = TABLE_OF_TYPE[typeName];
    if (table && !(s in table.table)) {
      this.problem(`${field} ${where} (${s}) is not one of ${table.name}'s codes SEVIS takes here.`);
      return undefined;
    }
    return s;
  }

  /** An ISO country of ours as SEVIS's code, checked against the schema's list (birth or citizenship/residence). */
  country(iso: unknown, field: string, where: string, list: 'birth' | 'citizenship', required = true): string | undefined {
    const s = str(iso).toUpperCase();
    if (!s) {
      if (required) this.missing(field, where);
      return undefined;
    }
    const code = sevisCountry(s);
    const typeName = list === 'birth' ? 'BirthCntryCodeType' : 'CntryCodeWithoutType';
    if (!code || !codeList(this.kind, typeName).has(code)) {
      this.problem(
        s === 'US' && list === 'citizenship'
          ? `${field} ${where} is the United States: SEVIS does not take a U.S. citizen or resident here.`
          : `${field} ${where} (${s}) has no SEVIS country code.`,
      );
      return undefined;
    }
    return code;
  }

  gender(g: unknown, field: string, where: string, required = true): string | undefined {
    if (!str(g)) {
      if (required) this.missing(field, where);
      return undefined;
    }
    const v = sevisGender(str(g));
    if (!v) this.problem(`${field} ${where} (${str(g)}) is not M, F or U.`);
    // SEVIS Table 36: U (unknown) is not for an exchange visitor or a J-2.
    if (v === 'U' && this.kind === 'ev') {
      this.problem(`${field} ${where} must be male or female for an exchange visitor (SEVIS Table 36: unknown is not for an EV).`);
      return undefined;
    }
    return v;
  }

  /** SEVIS FullName: surname, given names (first and middle), suffix. */
  fullName(x: { firstName: string; middleName?: string; lastName: string; suffix?: string }, where: string): TXmlNode | undefined {
    const last = this.req(x.lastName, 'Last name', where);
    const given = [x.firstName, x.middleName].map(str).filter(Boolean).join(' ');
    // SEVIS S1148 / S2244 (letters A to Z and spaces), S1142 / S2245 (no placeholder names).
    for (const [label, v] of [
      ['Last name', last],
      ['First and middle names', given],
    ] as const) {
      const issue = sevisNameIssue(v);
      if (issue) this.problem(`${label} ${where} (${v}): ${issue}`);
    }
    const suffixRaw = str(x.suffix);
    const suffix = suffixRaw ? SUFFIX_TO_SEVIS[suffixRaw.toUpperCase()] : undefined;
    if (suffixRaw && !suffix) this.problem(`Suffix ${where} (${suffixRaw}) is not one SEVIS accepts (Jr., Sr., I, II, III, IV).`);
    if (!last) return undefined;
    return { LastName: last, FirstName: given || undefined, Suffix: suffix };
  }

  /** Ten-digit U.S. phone number, or undefined. */
  phone(v: unknown): string | undefined {
    const d = str(v).replace(/\D/g, '');
    return d.length === 10 ? d : d.length === 11 && d.startsWith('1') ? d.slice(1) : undefined;
  }

  /**
   * SEVIS's student Telephone: the U.S. number and the foreign one (TelephoneType: USNumber, Foreign
   * CountryNumber and PhoneNumber); undefined when the record has neither.
   */
  telephone(): TXmlNode | undefined {
    const us = this.phone(this.p.phone);
    const number = str(this.p.foreignPhone);
    const code = str(this.p.foreignPhoneCountryCode).replace(/\D/g, '');
    const foreign = number ? { CountryNumber: code ? code.slice(0, 4) : undefined, PhoneNumber: number.slice(0, 20) } : undefined;
    if (!us && !foreign) return undefined;
    return { TelephoneExemptInd: 'N', Phone: { USNumber: us, Foreign: foreign } };
  }

  email(v: unknown): string | undefined {
    return str(v) || undefined;
  }

  /** A five-digit ZIP code and the ZIP+4 routing part, from '02139' or '02139-4307'. */
  private zip(v: unknown, field: string, where: string): { zip?: string | undefined; route?: string | undefined } {
    const s = str(v);
    if (!s) {
      this.missing(`${field}: ZIP code`, where);
      return {};
    }
    const m = /^(\d{5})(?:-?(\d{4}))?$/.exec(s);
    if (!m) {
      this.problem(`${field} ${where}: the ZIP code (${s}) is not 5 digits (or ZIP+4).`);
      return {};
    }
    return { zip: m[1], route: m[2] };
  }

  private state(v: unknown, field: string, where: string, required: boolean): string | undefined {
    const s = str(v).toUpperCase();
    if (!s) {
      if (required) this.missing(`${field}: state`, where);
      return undefined;
    }
    if (!codeList(this.kind, 'StateCodeType').has(s)) {
      this.problem(`${field} ${where}: the state (${s}) is not a U.S. state code.`);
      return undefined;
    }
    return s;
  }

  /**
   * A U.S. address. 'doctor' is SEVIS's USAddrDoctorType (street and ZIP required, city and state
   * optional); 'plain' is USAddressType (city and state required, ZIP+4 routing code allowed).
   */
  usAddress(
    a: (TAddress & { routeCode?: string }) | null | undefined,
    field: string,
    where: string,
    variant: 'doctor' | 'plain' = 'doctor',
  ): TXmlNode | undefined {
    const addr = a ?? {};
    const line1 = this.req(addr.line1, `${field}: street`, where);
    const city = variant === 'plain' ? this.req(addr.city, `${field}: city`, where) : this.opt(addr.city);
    const state = this.state(addr.state, field, where, variant === 'plain');
    const { zip, route } = this.zip(addr.postalCode, field, where);
    if (!line1 || !zip) return undefined;
    const routing = variant === 'plain' ? (route ?? (/^\d{4}$/.test(str(addr.routeCode)) ? str(addr.routeCode) : undefined)) : undefined;
    return { Address1: line1, Address2: this.opt(addr.line2), City: city, State: state, PostalCode: zip, PostalRoutingCode: routing };
  }

  /** Whether an address has anything in it (optional addresses are left out when empty). */
  hasAddress(a: TAddress | null | undefined): boolean {
    return !!a && [a.line1, a.line2, a.city, a.state, a.postalCode].some((v) => str(v));
  }

  foreignAddress(a: TAddress | null | undefined, field: string, where: string): TXmlNode | undefined {
    const addr = a ?? {};
    const line1 = this.req(addr.line1, `${field}: street`, where);
    const country = this.country(addr.countryCode, `${field}: country`, where, 'citizenship');
    if (!line1 || !country) return undefined;
    return {
      Address1: line1,
      Address2: this.opt(addr.line2),
      City: this.opt(addr.city),
      Province: this.opt(addr.state),
      CountryCode: country,
      PostalCode: this.opt(addr.postalCode),
    };
  }

  /** The update record's SEVIS id: a record SEVIS has not created yet cannot take an update. */
  principalSevisId(): void {
    if (!str(this.p.sevisId))
      this.problem('The student has no SEVIS ID yet: SEVIS must create the record (its Create event) before it takes this update.');
  }

  /** The dependent the event names (payload or column). */
  dependent(): TDependent | undefined {
    const id = this.r.dependentId ?? (this.pv('dependentId') || null);
    const d = id ? this.r.dependents.find((x) => x.id === id) : undefined;
    if (!d) this.problem('The dependent this update is about is no longer on the student record.');
    return d;
  }

  /**
   * The SEVIS rules on a dependent SEVIS is asked to create (a Create's dependents, a Dependent Add):
   * one spouse (S1105 / S2119), a child under 21 today (S1014 / S2121), a birth date not in the
   * future (S1067 / S2133), no U.S.-born or U.S. citizen F-2. Names are checked with the full name.
   */
  dependentRules(d: TDependent): void {
    const issues = dependentSevisIssues(d, { visaType: this.p.visaType, today: this.today, others: this.r.dependents });
    for (const [field, message] of Object.entries(issues))
      if (field !== 'firstName' && field !== 'lastName') this.problem(`Dependent ${d.firstName} ${d.lastName}: ${message}`);
  }

  dependentSevisId(d: TDependent): string | undefined {
    const id = str(d.sevisId) || this.pv('dependentSevisId');
    if (!id)
      this.problem(`Dependent ${d.firstName} ${d.lastName} has no SEVIS ID yet: SEVIS must add the dependent before it takes this change.`);
    return id || undefined;
  }

  /** The employment the event names (payload employmentId), else the newest of a kind. */
  employment(kinds: string[]): TEmployment | undefined {
    const id = this.pv('employmentId');
    const byId = id ? this.r.employments.find((e) => e.id === id) : undefined;
    if (byId) return byId;
    return [...this.r.employments]
      .filter((e) => kinds.includes(e.kind))
      .sort((a, b) => String(b.createdAt?.toISOString?.() ?? '').localeCompare(String(a.createdAt?.toISOString?.() ?? '')))[0];
  }
}

/** Full time (01) or part time (02) from our codes or words. */
export function fullOrPartTime(v: unknown): string | undefined {
  const s = str(v).toLowerCase();
  if (s === '01' || s === '1' || s.startsWith('full')) return '01';
  if (s === '02' || s === '2' || s.startsWith('part')) return '02';
  return undefined;
}
