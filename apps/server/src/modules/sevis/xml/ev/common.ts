import { studentsApi } from '@meridian/domain';
import { codeList } from '../schema.js';
import { IN_EVENT, ON_RECORD, ON_RECORD_NEW_DS2019, onDependent, type RecordMapper } from '../map.js';
import type { TDependent, TXmlNode } from '../types.js';

/** BirthCountryReason: required by SEVIS when the country of birth is the United States (01 diplomat's child, 02 expatriated). */
function birthCountryReason(
  m: RecordMapper,
  birthCountry: string | undefined,
  reason: unknown,
  where: string,
  label: string,
): string | undefined {
  if (birthCountry !== 'US') return undefined;
  return m.code(reason, 'USBornReasonType', label, where);
}

/** NonImgBioType of an exchange visitor (all of it required but the e-mail). */
export function evBio(
  m: RecordMapper,
  x: {
    firstName: string;
    middleName?: string;
    lastName: string;
    suffix?: string;
    birthDate: unknown;
    gender: string;
    birthCity: string;
    birthCountryCode: string;
    citizenshipCountryCode: string;
    permanentResidenceCountryCode: string;
    email?: string;
  },
  where: string,
  /** Whose birth country reason: the exchange visitor's own (on the record), or none kept for a dependent. */
  reason: { value: unknown; label: string } = {
    value: m.r.payload.birthCountryReason,
    label: 'Why a person born in the United States is an exchange visitor (birth country reason)',
  },
): TXmlNode {
  const birthCountry = m.country(x.birthCountryCode, 'Country of birth', where, 'birth');
  return {
    FullName: m.fullName(x, where),
    BirthDate: m.reqDate(x.birthDate, 'Date of birth', where),
    Gender: m.gender(x.gender, 'Gender', where),
    BirthCity: m.req(x.birthCity, 'City of birth', where),
    BirthCountryCode: birthCountry,
    CitizenshipCountryCode: m.country(x.citizenshipCountryCode, 'Country of citizenship', where, 'citizenship'),
    PermanentResidenceCountryCode: m.country(x.permanentResidenceCountryCode, 'Country of permanent residence', where, 'citizenship'),
    BirthCountryReason: birthCountryReason(m, birthCountry, reason.value, where, reason.label),
    EmailAddress: m.email(x.email),
  };
}

export function evDependentBio(m: RecordMapper, d: TDependent): TXmlNode {
  if (m.r.eventType === 'Create' || m.r.action === 'Add') m.dependentRules(d);
  return {
    // A J-2 born in the United States is either a U.S. citizen (never a J-2) or the rare child of a
    // foreign diplomat (SEVIS birth country reason 01/02): Meridian keeps no such reason for a
    // dependent, so the update is held with words that send the DSO to SEVIS RTI for it.
    ...evBio(m, { ...d, email: d.email }, onDependent(d), {
      value: undefined,
      label:
        'The SEVIS birth country reason of a dependent born in the United States (01 child of a foreign diplomat, 02 U.S. citizenship renounced): add this dependent in SEVIS RTI',
    }),
    Relationship: m.code(d.relationshipCode, 'DependentCodeType', 'Relationship (01 spouse, 02 child)', onDependent(d)),
  };
}

/** The subject field and SEVIS's required words about it (the event's remarks, else the CIP title from the schema's code list). */
export function subjectField(m: RecordMapper, code: unknown): { code?: string | undefined; remarks?: string | undefined } {
  const c = m.code(code, 'ProgSubjectCodeType', 'Subject field (CIP code)', ON_RECORD);
  // The EV table lists the codes without titles; the student table (same CIP codes) has them.
  const title = c ? codeList(m.kind, 'ProgSubjectCodeType').get(c) || codeList('student', 'ProgSubjectCodeType').get(c) : '';
  const remarks = m.first(m.r.payload.subjectFieldRemarks, title);
  if (c && !remarks) m.missing('A description of the subject field', IN_EVENT);
  return { code: c, remarks: remarks ? remarks.slice(0, 500) : undefined };
}

/** FinancialInfo of an exchange visitor: U.S. government funds (yes/no), sponsor (our school) funds, personal and other funds. */
export function evFinancial(m: RecordMapper, required: boolean): TXmlNode {
  const f = (m.p.financials ?? {}) as Record<string, unknown>;
  // The event's answer when it carries one, else the record's (DS-2019 tab).
  const gov = m.yesNo(m.first(m.r.payload.receivedUsGovtFunds, m.p.receivedUsGovtFunds));
  if (gov === undefined && required) m.missing(studentsApi.STUDENT_FIELD_LABELS.receivedUsGovtFunds!, ON_RECORD_NEW_DS2019);
  const personal = m.money(f.personalFunds, 'Personal funds', ON_RECORD);
  const other = m.money(f.otherFunds, 'Funds from other sources', ON_RECORD);
  const otherName = m.first(f.otherFundsRemarks).slice(0, 60);
  if (other && other !== '0' && !otherName) m.missing('Who gives the funds from other sources (remarks)', ON_RECORD);
  const otherFunds =
    (personal && personal !== '0') || (other && other !== '0')
      ? {
          Other: other && other !== '0' && otherName ? { Name: otherName, Amount: other } : undefined,
          Personal: personal && personal !== '0' ? personal : undefined,
        }
      : undefined;
  return {
    ReceivedUSGovtFunds: gov === undefined ? undefined : m.bool(gov),
    ProgramSponsorFunds: m.money(f.schoolFunds, 'Funds from this school (program sponsor)', ON_RECORD),
    OtherFunds: otherFunds,
  };
}
