import { EDUCATION_LEVELS, studentsApi, textOf } from '@meridian/domain';
import { IN_EVENT, ON_RECORD, ON_RECORD_NEW_I20, type RecordMapper } from '../map.js';
import type { TDependent, TXmlNode } from '../types.js';
import { onDependent } from '../map.js';

/** A program code of SEVISTable.xsd (CIP subject field, or 90.0101 primary school; 00.0000 for none where allowed). */
function major(m: RecordMapper, v: unknown, field: string, required: boolean, allowBlank: boolean): string | undefined {
  const s = textOf(v).trim();
  if (!s) {
    if (required) m.missing(field, ON_RECORD);
    return undefined;
  }
  if (s === '90.0101' || (allowBlank && s === '00.0000')) return s;
  return m.code(s, 'ProgSubjectCodeType', field, ON_RECORD);
}

const LABEL = studentsApi.STUDENT_FIELD_LABELS;

/**
 * An education level code (EduLevelCodeType) a student of this visa type may have: SEVIS Table 5
 * marks 08-10 (high school, flight training, vocational school) M-1 only (SEVIS S1062).
 */
export function educationLevel(m: RecordMapper, v: unknown, required: boolean): string | undefined {
  const level = m.code(v, 'EduLevelCodeType', 'Education level', ON_RECORD, required);
  const row = EDUCATION_LEVELS.find((l) => l.code === level);
  if (row && !row.f1 && m.p.visaType === 'F-1') {
    m.problem(`Education level ${ON_RECORD} (${row.code} ${row.label}) is for M-1 students only (SEVIS Table 5, S1062).`);
    return undefined;
  }
  return level;
}

/**
 * The English proficiency block a new or changed I-20 carries: the event's values when it carries
 * them (an approved request may), else the record's (Program tab); missing ones are named by their field.
 */
function englishProficiency(m: RecordMapper): TXmlNode | undefined {
  const pl = m.r.payload;
  const required = m.yesNo(m.first(pl.englishRequired, m.p.englishRequired));
  if (required === undefined) {
    m.missing(LABEL.englishRequired!, ON_RECORD_NEW_I20);
    return undefined;
  }
  if (required) {
    const met = m.yesNo(m.first(pl.englishRequirementsMet, m.p.englishRequirementsMet));
    if (met === undefined) m.missing(LABEL.englishRequirementsMet!, ON_RECORD_NEW_I20);
    return { EngRequired: 'true', RequirementsMet: met === undefined ? undefined : m.bool(met) };
  }
  const reason = m.req(
    m.first(pl.englishNotRequiredReason, m.p.englishNotRequiredReason),
    LABEL.englishNotRequiredReason!,
    ON_RECORD_NEW_I20,
  );
  return { EngRequired: 'false', NotRequiredReason: reason?.slice(0, 500) };
}

/** EducationalInfoType: level, majors, I-20 issue date, program dates, English proficiency. */
export function educationalInfo(
  m: RecordMapper,
  values: {
    educationLevel?: unknown;
    major1Code?: unknown;
    major2Code?: unknown;
    minorCode?: unknown;
    programStartDate?: unknown;
    programEndDate?: unknown;
  } = {},
): TXmlNode {
  const p = m.p;
  const level = educationLevel(m, m.first(values.educationLevel, p.educationLevel), true);
  const otherRemarks =
    level === '11' ? m.req(m.r.payload.educationLevelRemarks, "A description of the 'Other' education level", IN_EVENT) : undefined;
  return {
    EduLevel: { Level: level, OtherRemarks: otherRemarks },
    MajorCode1: major(m, m.first(values.major1Code, p.major1Code), 'Major (CIP code)', true, false),
    MajorCode2: major(m, m.first(values.major2Code, p.major2Code), 'Second major', false, true),
    Minor: major(m, m.first(values.minorCode, p.minorCode), 'Minor', false, true),
    // A form issued now carries today's date when the record has none of its own yet.
    IssDate: m.optDate(p.documentIssueDate) ?? m.today,
    PrgStartDate: m.reqDate(m.first(values.programStartDate, p.programStartDate), 'Program start date', ON_RECORD),
    PrgEndDate: m.reqDate(m.first(values.programEndDate, p.programEndDate), 'Program end date', ON_RECORD),
    EngProficiency: englishProficiency(m),
  };
}

/** The months of the academic term (01-12): from the event, else the record (Program tab). */
function academicTerm(m: RecordMapper, required: boolean): string | undefined {
  const raw = m.first(m.r.payload.academicTermMonths, m.p.academicTermMonths);
  if (!raw) {
    if (required) m.missing(LABEL.academicTermMonths!, ON_RECORD_NEW_I20);
    return undefined;
  }
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 12) {
    m.problem(`${LABEL.academicTermMonths} ${ON_RECORD_NEW_I20} (${raw}) must be 1 to 12 months.`);
    return undefined;
  }
  return String(n).padStart(2, '0');
}

/** An amount with the remarks SEVIS wants beside it (school and other funding, other expenses). */
function amountWithRemarks(m: RecordMapper, amount: unknown, remarks: unknown, field: string): TXmlNode | undefined {
  const a = m.money(amount, field, ON_RECORD);
  if (!a || a === '0') return undefined;
  const r = m.req(remarks, `The remarks for ${field.toLowerCase()}`, ON_RECORD);
  return { Amount: a, Remarks: r };
}

/** FinancialType (a new I-20 or a change of level): every required amount must be on the record. */
export function financialInfo(m: RecordMapper): TXmlNode {
  const f = (m.p.financials ?? {}) as Record<string, unknown>;
  const need = (k: string, label: string) =>
    m.money(f[k], label, ON_RECORD) ?? (m.missing(`Financial support: ${label}`, ON_RECORD), undefined);
  return {
    AcademicTerm: academicTerm(m, true),
    Expense: {
      Tuition: need('tuition', 'Tuition and fees'),
      LivingExpense: need('living', 'Living expenses'),
      DependentExp: m.money(f.dependents, 'Expenses of dependents', ON_RECORD),
      Other: amountWithRemarks(m, f.otherExpenses, f.otherExpensesRemarks, 'Other expenses'),
    },
    Funding: {
      Personal: need('personalFunds', 'Personal funds'),
      School: amountWithRemarks(m, f.schoolFunds, f.schoolFundsRemarks, 'Funds from this school'),
      Other: amountWithRemarks(m, f.otherFunds, f.otherFundsRemarks, 'Funds from other sources'),
      Employment: m.money(f.employmentFunds, 'On-campus employment', ON_RECORD),
    },
  };
}

/** FinancialNullableType (the FinancialInfo update): only what the record has. */
export function financialUpdate(m: RecordMapper): TXmlNode {
  const f = (m.p.financials ?? {}) as Record<string, unknown>;
  const money = (k: string, label: string) => m.money(f[k], label, ON_RECORD);
  const withRemarks = (k: string, rk: string, label: string) => {
    const a = money(k, label);
    if (a === undefined) return undefined;
    return { Amount: a, Remarks: a === '0' ? undefined : m.req(f[rk], `The remarks for ${label.toLowerCase()}`, ON_RECORD) };
  };
  return {
    AcademicTerm: academicTerm(m, false),
    Expense: {
      Tuition: money('tuition', 'Tuition and fees'),
      LivingExpense: money('living', 'Living expenses'),
      DependentExp: money('dependents', 'Expenses of dependents'),
      Other: withRemarks('otherExpenses', 'otherExpensesRemarks', 'Other expenses'),
    },
    Funding: {
      Personal: money('personalFunds', 'Personal funds'),
      School: withRemarks('schoolFunds', 'schoolFundsRemarks', 'Funds from this school'),
      Other: withRemarks('otherFunds', 'otherFundsRemarks', 'Funds from other sources'),
      Employment: money('employmentFunds', 'On-campus employment'),
    },
  };
}

/** F-2 (04) for a student's dependent; SEVIS's relationship 01 spouse, 02 child. */
export function studentDependentBio(m: RecordMapper, d: TDependent): TXmlNode {
  if (m.r.eventType === 'Create' || m.r.action === 'Add') m.dependentRules(d);
  const where = onDependent(d);
  return {
    FullName: m.fullName({ firstName: d.firstName, lastName: d.lastName }, where),
    BirthDate: m.reqDate(d.birthDate, 'Date of birth', where),
    Gender: m.gender(d.gender, 'Gender', where),
    BirthCity: m.opt(d.birthCity),
    BirthCountryCode: m.country(d.birthCountryCode, 'Country of birth', where, 'birth'),
    CitizenshipCountryCode: m.country(d.citizenshipCountryCode, 'Country of citizenship', where, 'citizenship'),
    Email: m.email(d.email),
    VisaType: '04',
    Relationship: m.code(d.relationshipCode, 'DependentCodeType', 'Relationship (01 spouse, 02 child)', where),
  };
}
