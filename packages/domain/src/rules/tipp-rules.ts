import { isTippCategory } from '../catalog/students.js';
import { addDays } from './deadlines.js';

/**
 * The SEVIS rules of a trainee's or intern's Training/Internship Placement Plan (T/IPP, form DS-7002),
 * checked where the office enters it (the server answers 400 on the field; the browser runs the same
 * functions) and again before a batch is built (a Create or T/IPP update that breaks one is held back
 * with the same words). Each rule names its SEVIS validation error code (SEVIS Validation Error Codes,
 * exchange visitor schema 6.27); docs/sevis-rules.md lists them. Dates are YYYY-MM-DD strings; `today`
 * is the office's calendar day.
 */

const usDate = (d: string) => {
  const [y, m, day] = d.split('-');
  return `${m}/${day}/${y}`;
};

/** ISO 3166 code of Ireland (SEVIS writes it EI): Intern Work and Travel is for Irish interns (SEVIS S2258, S2261). */
export const IRELAND = 'IE';
/** The intern category of SEVIS Table 15. */
export const INTERN_CATEGORY = '15';

export const TIPP_MSG = {
  /** SEVIS S2218 / S2279: a T/IPP (and its DS-7002) is for trainees, interns and student interns only. */
  notApplicable:
    'A DS-7002 (Training/Internship Placement Plan) applies only to trainees and interns: exchange visitor categories 1G Student intern, 2A, 2B and 14 Trainee, and 15 Intern. SEVIS takes no T/IPP for any other category.',
  /** SEVIS S2258: IWT is for interns who are citizens of Ireland. */
  iwtNotIrishIntern:
    'Intern Work and Travel (IWT) is only for an intern (category 15) whose country of citizenship is Ireland: SEVIS refuses it for anyone else.',
  /** SEVIS S2261: SEVIS asks an Irish intern whether they are in IWT. */
  isIwtRequired:
    'Say whether this intern is in the Intern Work and Travel (IWT) program: SEVIS asks it of every intern who is a citizen of Ireland.',
  /** SEVIS S2252 / S2253: an exempt exchange visitor has no T/IPP sites or phases. */
  exemptHasNoSites:
    'This exchange visitor is exempt from a T/IPP (Intern Work and Travel or Korea WEST): SEVIS takes no T/IPP site or phase for them. Remove the exemption first.',
  /** SEVIS S2252 / S2253: the exemption goes with the new record; SEVIS has no batch update for it. */
  exemptionFixed: 'SEVIS sets a T/IPP exemption (IWT or Korea WEST) only when it creates the exchange visitor: change it in SEVIS RTI.',
  /** SEVIS S2252 / S2253: an exemption with T/IPP sites on the record. */
  exemptionWithSites: 'Remove the T/IPP sites first: an exchange visitor exempt from a T/IPP (IWT or Korea WEST) has none in SEVIS.',
  /** SEVIS S2260: no T/IPP on a trainee's or intern's Create. */
  required:
    'SEVIS requires a T/IPP (DS-7002) for a trainee or intern: fill in the DS-7002 tab (participant, at least one site with its phases) or record an IWT or Korea WEST exemption.',
  /** SEVIS S2262: a Create needs a primary T/IPP site. */
  noPrimary: 'Mark one T/IPP site as the primary site: SEVIS creates no trainee or intern without one.',
  /** EV schema 6.27 TippSiteWithPhases: a site carries at least one phase. */
  siteWithoutPhase: (site: string) => `The T/IPP site ${site} has no phase: SEVIS takes a site only with at least one phase.`,
  /** SEVIS S2254: the phases cover the whole program. */
  gap: (from: string, to: string) =>
    `There is a gap in the T/IPP phases from ${usDate(from)} to ${usDate(to)}: together the phases must cover the whole program, from its start to its end date.`,
  /** SEVIS S2254: a phase lies within the program (the phases cover the program from its begin to its end date). */
  phaseOutsideProgram: (start: string, end: string) => `A phase must lie within the program dates (${usDate(start)} to ${usDate(end)}).`,
  phaseEndBeforeStart: 'The phase end must be on or after its start',
  /** SEVIS S2281: a phase can be deleted only before its start date. */
  phaseStarted: (start: string) =>
    `SEVIS deletes a phase only before it starts (${usDate(start)}): this one has started, so shorten it instead of removing it.`,
  /** SEVIS S2275: a site keeps at least one phase. */
  onlyPhase: 'This is the only phase of the site: SEVIS keeps at least one phase per site. Add another phase first, or remove the site.',
  /** SEVIS S2262 (and S2203 for sites of activity): the primary site stays until another is primary. */
  primaryRemove: 'This is the primary T/IPP site: make another site primary first, then remove this one.',
  /** SEVIS S2201 for sites: a primary site is not turned into a non-primary one. */
  primaryUnset: 'This is the primary T/IPP site: to change it, make another site primary.',
  /** SEVIS S2251 / S2274 / S2256 / S2273: a trainee or intern has T/IPP sites, not sites of activity (Korea WEST aside). */
  siteOfActivityRefused:
    'A trainee or intern has T/IPP sites (DS-7002 tab), not sites of activity: SEVIS takes a site of activity for them only in the Korea WEST program.',
  /** SEVIS S2279. */
  printNotApplicable: 'Cannot print a DS-7002 for this exchange visitor: SEVIS prints one only for a trainee, intern or student intern.',
  /** SEVIS S2280. */
  printNoTipp: 'Cannot print a DS-7002 for an exchange visitor with no T/IPP (none on the record, or exempt from one).',
  /** EV schema 6.27 UpdateEV/@sevisID: a reprint is an update of a record SEVIS has. */
  printNoSevisId: 'SEVIS prints the DS-7002 with the new record: a record SEVIS has not created yet has nothing to reprint.',
  /** EV schema 6.27 Reprint7002/SiteId: a site SEVIS knows. */
  printSiteUnknown:
    'SEVIS does not know this site yet (its SEVIS site id has not come back): print the whole DS-7002, or wait for the site.',
  /** A signature is dated when it is given: never after the office's today. */
  signatureFuture: 'A signature date cannot be after today.',
  /** SEVIS S2271: dates after 01/01/1900. */
  signatureTooOld: 'A signature date must be after 01/01/1900.',
  /** SEVIS S2259 / Common.xsd UserNameType: the program official is named by their SEVIS user name. */
  officialUserName: "Enter the program official's SEVIS user name: 7 to 10 letters or digits.",
  /** EV schema 6.27 TippSignatureDates/ProgramOfficial: the user name and the date go together. */
  officialPair: "Give the program official's SEVIS user name and the date they signed, or neither.",
  /** SEVIS S2266: a signature update carries at least one date. */
  noSignature: 'Official Signature Date, EV Signature Date or Supervisor Signature Date is required.',
  /** DS-7002 section 3: a stipend has an amount and a frequency. */
  stipendAmount: 'Enter the stipend amount and how often it is paid',
} as const;

export interface TTippPeriod {
  startDate: string;
  endDate: string;
}

/**
 * The first gap SEVIS would find in the phases (S2254: all the phase dates together cover the whole
 * program, from its begin to its end date), or null. Phases may overlap and belong to several sites.
 */
export function tippGap(programStart: string, programEnd: string, phases: readonly TTippPeriod[]): string | null {
  let next = programStart;
  for (const ph of [...phases].filter((x) => x.startDate && x.endDate).sort((a, b) => a.startDate.localeCompare(b.startDate))) {
    if (next > programEnd) break;
    if (ph.startDate > next) return TIPP_MSG.gap(next, addDays(ph.startDate, -1) < programEnd ? addDays(ph.startDate, -1) : programEnd);
    const after = addDays(ph.endDate, 1);
    if (after > next) next = after;
  }
  return next <= programEnd ? TIPP_MSG.gap(next, programEnd) : null;
}

/** A phase's dates: the end on or after the start, both within the program (SEVIS S2254). Issues by field. */
export function tippPhaseDateIssues(
  phase: TTippPeriod,
  program: { programStartDate: string | null; programEndDate: string | null },
): Partial<Record<'startDate' | 'endDate', string>> {
  const out: Partial<Record<'startDate' | 'endDate', string>> = {};
  if (phase.endDate < phase.startDate) out.endDate = TIPP_MSG.phaseEndBeforeStart;
  const { programStartDate: ps, programEndDate: pe } = program;
  if (ps && pe) {
    if (phase.startDate < ps || phase.startDate > pe) out.startDate = TIPP_MSG.phaseOutsideProgram(ps, pe);
    if (!out.endDate && (phase.endDate > pe || phase.endDate < ps)) out.endDate = TIPP_MSG.phaseOutsideProgram(ps, pe);
  }
  return out;
}

/** SEVIS S2281: a phase may be deleted only while the office's today is before its start. */
export function tippPhaseDeleteIssue(phaseStart: string, today: string): string | null {
  return today < phaseStart ? null : TIPP_MSG.phaseStarted(phaseStart);
}

/** A signature date: not after the office's today, after 01/01/1900 (SEVIS S2271). */
export function tippSignatureDateIssue(date: string | null | undefined, today: string): string | null {
  if (!date) return null;
  if (date > today) return TIPP_MSG.signatureFuture;
  if (date <= '1900-01-01') return TIPP_MSG.signatureTooOld;
  return null;
}

/**
 * The exemption and IWT answer for this exchange visitor (SEVIS S2218, S2258, S2261), by field:
 * IWT (exempt or in the participant information) only for an intern who is an Irish citizen; an Irish
 * intern with a T/IPP must say whether they are in IWT; Korea WEST only for trainees and interns.
 */
export function tippParticipantIssues(v: {
  evCategoryCode: string;
  citizenshipCountryCode: string;
  exemptProgram: string;
  isIwt: boolean | null;
}): Partial<Record<'exemptProgram' | 'isIwt', string>> {
  const out: Partial<Record<'exemptProgram' | 'isIwt', string>> = {};
  const irishIntern = v.evCategoryCode.trim() === INTERN_CATEGORY && v.citizenshipCountryCode.trim().toUpperCase() === IRELAND;
  if (!isTippCategory(v.evCategoryCode)) out.exemptProgram = TIPP_MSG.notApplicable;
  else if (v.exemptProgram === 'IWT' && !irishIntern) out.exemptProgram = TIPP_MSG.iwtNotIrishIntern;
  if (!v.exemptProgram) {
    if (v.isIwt === true && !irishIntern) out.isIwt = TIPP_MSG.iwtNotIrishIntern;
    else if (v.isIwt === null && irishIntern) out.isIwt = TIPP_MSG.isIwtRequired;
  }
  return out;
}

/** What the batch builder and the DS-7002 tab check of a whole plan. */
export interface TTippPlanFacts {
  evCategoryCode: string;
  citizenshipCountryCode: string;
  programStartDate: string | null;
  programEndDate: string | null;
  /** null: no T/IPP recorded. */
  plan: { exemptProgram: string; isIwt: boolean | null } | null;
  /** The active sites, each with its active phases. */
  sites: { name: string; isPrimary: boolean; phases: TTippPeriod[] }[];
}

/** What SEVIS would refuse, with the SEVIS validation error code (or the schema) it comes from. */
export interface TTippIssue {
  code: string;
  message: string;
}

/** An issue as the tab and a held-back update say it: the words, then where they come from. */
export const tippIssueText = (i: TTippIssue) => `${i.message} (${i.code.startsWith('S') ? `SEVIS ${i.code}` : i.code})`;

/**
 * Why SEVIS would refuse to create this trainee or intern with the T/IPP as recorded, in the order an
 * officer fixes them (empty: it would take it): no T/IPP (S2260; an intern without one has no site at
 * all, S2251), no primary site (S2262), a site without a phase (schema), a gap in the phases (S2254),
 * the IWT answers (S2258, S2261). A category without a T/IPP has nothing to check here.
 */
export function tippPlanIssues(f: TTippPlanFacts): TTippIssue[] {
  if (!isTippCategory(f.evCategoryCode)) return [];
  const out: TTippIssue[] = [];
  const participant = tippParticipantIssues({
    evCategoryCode: f.evCategoryCode,
    citizenshipCountryCode: f.citizenshipCountryCode,
    exemptProgram: f.plan?.exemptProgram ?? '',
    isIwt: f.plan?.isIwt ?? null,
  });
  if (f.plan?.exemptProgram) {
    if (participant.exemptProgram) out.push({ code: 'S2258', message: participant.exemptProgram });
    if (f.sites.length) out.push({ code: f.plan.exemptProgram === 'IWT' ? 'S2253' : 'S2252', message: TIPP_MSG.exemptionWithSites });
    return out;
  }
  if (!f.plan || !f.sites.length) return [{ code: 'S2260', message: TIPP_MSG.required }];
  if (!f.sites.some((s) => s.isPrimary)) out.push({ code: 'S2262', message: TIPP_MSG.noPrimary });
  for (const s of f.sites)
    if (!s.phases.length) out.push({ code: 'EV schema 6.27 TippSiteWithPhases', message: TIPP_MSG.siteWithoutPhase(s.name) });
  if (f.programStartDate && f.programEndDate) {
    const gap = tippGap(
      f.programStartDate,
      f.programEndDate,
      f.sites.flatMap((s) => s.phases),
    );
    if (gap) out.push({ code: 'S2254', message: gap });
  }
  if (participant.isIwt) out.push({ code: participant.isIwt === TIPP_MSG.isIwtRequired ? 'S2261' : 'S2258', message: participant.isIwt });
  return out;
}
