import { isTippCategory, TIPP_MSG, tippGap, tippIssueText, tippPlanIssues, type TTippIssue } from '@meridian/domain';
import { type RecordMapper } from '../map.js';
import type { TEventMapper } from '../mapper.js';
import { activeTippPhases, activeTippSites } from '../carried.js';
import type { TTippPhase, TTippPlan, TTippSite, TXmlNode } from '../types.js';

/** Where the officer fixes a T/IPP value. */
export const ON_DS7002 = 'on the student record (DS-7002 tab)';

const problem = (m: RecordMapper, i: TTippIssue) => m.problem(tippIssueText(i));
const yn = (v: string) => (v === 'Y' || v === 'N' ? v : undefined);

/** ParticipantInfo (EV schema 6.27): IsIWT only in a Create (the update has none), then the participant's answers. */
function participantInfo(m: RecordMapper, plan: TTippPlan, withIsIwt: boolean): TXmlNode {
  return {
    IsIWT: withIsIwt && plan.isIwt !== null ? m.bool(plan.isIwt) : undefined,
    EmailAddress: m.req(plan.email, 'The T/IPP participant e-mail', ON_DS7002),
    FieldOfStudy: m.req(plan.fieldOfStudy, 'The T/IPP field of study or profession', ON_DS7002)?.slice(0, 100),
    YearsOfExperience: plan.yearsOfExperience === null ? undefined : String(plan.yearsOfExperience),
    TypeOfDegree: m.req(plan.typeOfDegree, 'The T/IPP type of degree or certificate', ON_DS7002)?.slice(0, 100),
    DateAwardedOrExpected: m.reqDate(plan.degreeDate, 'The date the degree was awarded or is expected', ON_DS7002),
  };
}

/** A phase's content (EV schema 6.27 TippPhase / AddTippPhase / EditTippPhase, after its id). */
function phaseBody(m: RecordMapper, ph: TTippPhase): TXmlNode {
  const where = `on T/IPP phase ${ph.name} (DS-7002 tab)`;
  return {
    PhaseName: m.req(ph.name, 'The phase name', where)?.slice(0, 100),
    StartDate: m.reqDate(ph.startDate, 'The phase start', where),
    EndDate: m.reqDate(ph.endDate, 'The phase end', where),
    TrainingField: m.req(ph.trainingField, 'The training field', where),
    SuperLastName: m.req(ph.supervisorLastName, "The phase supervisor's last name", where),
    SuperFirstName: m.req(ph.supervisorFirstName, "The phase supervisor's first name", where),
    SuperMiddleInitial: m.opt(ph.supervisorMiddleInitial),
    SuperTitle: m.req(ph.supervisorTitle, "The phase supervisor's title", where),
    SuperEmail: m.req(ph.supervisorEmail, "The phase supervisor's e-mail", where),
    SuperPhone: m.req(ph.supervisorPhone, "The phase supervisor's phone", where),
    SuperPhoneExt: m.opt(ph.supervisorPhoneExt),
    SuperSignatureDate: m.optDate(ph.supervisorSignatureDate),
    EvRole: m.req(ph.evRole, "The exchange visitor's role", where),
    GoalsAndObjectives: m.req(ph.goalsAndObjectives, 'The goals and objectives', where),
    SupervisorAndQualifications: m.req(ph.supervisorQualifications, 'The supervision and qualifications', where),
    CulturalActivities: m.req(ph.culturalActivities, 'The cultural activities', where),
    SkillsLearned: m.req(ph.skillsLearned, 'The skills to be learned', where),
    TeachingMethod: m.req(ph.teachingMethod, 'How the skills are taught', where),
    HowCompetencyMeasured: m.req(ph.competencyMeasurement, 'How competency is measured', where),
    AdditionalRemarks: m.opt(ph.additionalRemarks),
  };
}

/** The site's address and name (GenericSiteOfActivity, after its SiteId). */
function siteAddress(m: RecordMapper, s: TTippSite): TXmlNode {
  const where = `on T/IPP site ${s.name} (DS-7002 tab)`;
  return {
    ...m.usAddress(s.address, `The address of T/IPP site ${s.name}`, where),
    SiteName: m.req(s.name, 'The site name', where)?.slice(0, 60),
    PrimarySite: m.bool(s.isPrimary),
  };
}

/** The host, compensation, supervisor and signatures of a site (TippSite / EditTippSite, after the address). */
function siteHost(m: RecordMapper, s: TTippSite): TXmlNode {
  const where = `on T/IPP site ${s.name} (DS-7002 tab)`;
  return {
    EmployerID: m.req(s.employerEin, "The employer's federal tax ID (EIN)", where),
    FullTimeEmployees: String(s.fullTimeEmployees),
    AnnualRevenue: m.req(s.annualRevenue, 'The annual revenue', where),
    WebsiteURL: m.req(s.websiteUrl, 'The website', where),
    WorkersCompInd: yn(s.workersComp),
    WorkersCompCarrier: m.opt(s.workersCompCarrier),
    WorkersCompForEvInd: m.req(s.workersCompForEv, "Whether workers' compensation covers the exchange visitor", where),
    EvHoursPerWeek: String(s.evHoursPerWeek),
    StipendInd: yn(s.stipend),
    StipendAmount: s.stipend === 'Y' ? m.req(s.stipendAmount, 'The stipend amount', where) : undefined,
    StipendFrequency: s.stipend === 'Y' ? m.req(s.stipendFrequency, 'How often the stipend is paid', where) : undefined,
    NonMonetaryComp: m.opt(s.nonMonetaryComp),
    SupervisorLastName: m.req(s.supervisorLastName, "The site supervisor's last name", where),
    SupervisorFirstName: m.req(s.supervisorFirstName, "The site supervisor's first name", where),
    SupervisorTitle: m.req(s.supervisorTitle, "The site supervisor's title", where),
    SupervisorPhone: m.req(s.supervisorPhone, "The site supervisor's phone", where),
    SupervisorPhoneExt: m.opt(s.supervisorPhoneExt),
    SupervisorEmail: m.req(s.supervisorEmail, "The site supervisor's e-mail", where),
    SupervisorFax: m.opt(s.supervisorFax),
    OfficialUserName: s.officialUserName && s.officialSignatureDate ? s.officialUserName : undefined,
    OfficialSignatureDate: s.officialUserName ? m.optDate(s.officialSignatureDate) : undefined,
    EvSignatureDate: m.optDate(s.evSignatureDate),
  };
}

/** A site with its active phases (TippSiteWithPhases): SEVIS takes a site only with at least one phase. */
function siteWithPhases(m: RecordMapper, s: TTippSite): TXmlNode {
  const phases = activeTippPhases(m.r, s.id);
  if (!phases.length) problem(m, { code: 'EV schema 6.27 TippSiteWithPhases', message: TIPP_MSG.siteWithoutPhase(s.name) });
  return { ...siteAddress(m, s), ...siteHost(m, s), TippPhase: phases.map((ph) => phaseBody(m, ph)) };
}

/** SEVIS's id of a site, for an update about it; the update waits (is held) while SEVIS has not named it. */
function sevisSiteId(m: RecordMapper, s: TTippSite | undefined, fromPayload?: unknown): string | undefined {
  const id = m.first(s?.sevisSiteId, fromPayload);
  if (!id)
    m.problem(
      `SEVIS has not named T/IPP site ${s?.name ?? '(removed)'} yet: its SiteId comes with the result of the update that added it.`,
    );
  return id || undefined;
}

function sevisPhaseId(m: RecordMapper, ph: TTippPhase | undefined, fromPayload?: unknown): string | undefined {
  const id = m.first(ph?.sevisPhaseId, fromPayload);
  if (!id)
    m.problem(
      `SEVIS has not named T/IPP phase ${ph?.name ?? '(removed)'} yet: its PhaseId comes with the result of the update that added it.`,
    );
  return id || undefined;
}

/**
 * CreateEV's T/IPP of a trainee or intern (EV schema 6.27 EVPersonType: AddTIPP alone, or
 * AddSiteOfActivity and AddTIPP): the exemption alone for IWT (no site of activity, S2256) and Korea
 * WEST (with its sites of activity, S2251, S2255), else the participant and the sites with their
 * phases. Held back with the reason when SEVIS would refuse the plan (S2260, S2262, S2254, S2258, S2261).
 * Another category carries no T/IPP (S2218).
 */
export function createTipp(m: RecordMapper): TXmlNode | undefined {
  const p = m.p;
  if (!isTippCategory(p.evCategoryCode)) return undefined;
  const t = m.r.tipp;
  const sites = activeTippSites(m.r);
  const issues = tippPlanIssues({
    evCategoryCode: p.evCategoryCode,
    citizenshipCountryCode: p.citizenshipCountryCode,
    programStartDate: m.optDate(p.programStartDate) ?? null,
    programEndDate: m.optDate(p.programEndDate) ?? null,
    plan: t?.plan ? { exemptProgram: t.plan.exemptProgram, isIwt: t.plan.isIwt } : null,
    sites: sites.map((s) => ({
      name: s.name,
      isPrimary: s.isPrimary,
      phases: activeTippPhases(m.r, s.id).map((ph) => ({ startDate: String(ph.startDate), endDate: String(ph.endDate) })),
    })),
  });
  for (const i of issues) problem(m, i);
  const plan = t?.plan;
  if (!plan || issues.length) return undefined;
  if (plan.exemptProgram) return { '@print7002': 'false', TippExemptProgram: plan.exemptProgram };
  return { '@print7002': 'true', ParticipantInfo: participantInfo(m, plan, true), TippSite: sites.map((s) => siteWithPhases(m, s)) };
}

/** What every T/IPP update needs: a trainee or intern (S2218) with a T/IPP (S2219) that is not an exemption (S2252, S2253). */
function tippUpdatable(m: RecordMapper): TTippPlan | undefined {
  m.principalSevisId();
  if (!isTippCategory(m.p.evCategoryCode)) {
    problem(m, { code: 'S2218', message: TIPP_MSG.notApplicable });
    return undefined;
  }
  const plan = m.r.tipp?.plan;
  if (!plan) {
    m.problem(
      'Cannot add or edit T/IPP sites, phases or participation information when a T/IPP does not exist (SEVIS S2219): fill in the participant on the DS-7002 tab.',
    );
    return undefined;
  }
  if (plan.exemptProgram) {
    problem(m, { code: plan.exemptProgram === 'IWT' ? 'S2253' : 'S2252', message: TIPP_MSG.exemptHasNoSites });
    return undefined;
  }
  return plan;
}

/**
 * UpdateEV TIPP (EV schema 6.27): AddSite, EditSite, DeleteSite, AddPhase, EditPhase, DeletePhase,
 * UpdateSignatureDates, UpdateParticipantInfo. Built from the T/IPP as it stands when the batch is made
 * (SEVIS gets the latest values once); sites and phases are named by the ids SEVIS gave them.
 */
export const evTipp: TEventMapper = {
  recordKind: 'update',
  build(m: RecordMapper): TXmlNode | undefined {
    const plan = tippUpdatable(m);
    if (!plan) return undefined;
    const pl = m.r.payload;
    const sites = m.r.tipp?.sites ?? [];
    const phases = m.r.tipp?.phases ?? [];
    const site = sites.find((s) => s.id === pl.tippSiteId);
    const phase = phases.find((ph) => ph.id === pl.tippPhaseId);
    const gone = (what: string): undefined => {
      m.problem(`The T/IPP ${what} this update is about is no longer on the student record.`);
      return undefined;
    };
    switch (m.r.action) {
      case 'UpdateParticipantInfo':
        return { TIPP: { UpdateParticipantInfo: participantInfo(m, plan, false) } };
      case 'AddSite':
        if (!site?.isActive) return gone('site');
        return { TIPP: { AddSite: { '@print7002': 'true', ...siteWithPhases(m, site) } } };
      case 'EditSite': {
        if (!site?.isActive) return gone('site');
        const supervisors = activeTippPhases(m.r, site.id).filter((ph) => ph.supervisorSignatureDate && ph.sevisPhaseId);
        return {
          TIPP: {
            EditSite: {
              '@print7002': 'true',
              SiteId: sevisSiteId(m, site),
              ...siteAddress(m, site),
              ...siteHost(m, site),
              Supervisors: supervisors.length
                ? {
                    TippPhase: supervisors.map((ph) => ({
                      PhaseId: ph.sevisPhaseId,
                      SignatureDate: m.optDate(ph.supervisorSignatureDate),
                    })),
                  }
                : undefined,
            },
          },
        };
      }
      case 'DeleteSite':
        return { TIPP: { DeleteSite: { SiteId: sevisSiteId(m, site, pl.sevisSiteId) } } };
      case 'AddPhase':
        if (!site?.isActive || !phase?.isActive) return gone('phase');
        return { TIPP: { AddPhase: { SiteId: sevisSiteId(m, site), ...phaseBody(m, phase) } } };
      case 'EditPhase':
        if (!phase?.isActive) return gone('phase');
        return { TIPP: { EditPhase: { PhaseId: sevisPhaseId(m, phase), ...phaseBody(m, phase) } } };
      case 'DeletePhase':
        return { TIPP: { DeletePhase: { PhaseId: sevisPhaseId(m, phase, pl.sevisPhaseId) } } };
      case 'UpdateSignatureDates': {
        if (!site?.isActive) return gone('site');
        const id = sevisSiteId(m, site);
        // TippSignatureDates SiteId and PhaseId are xs:int.
        if (id && !/^\d{1,9}$/.test(id))
          m.problem(`SEVIS's id of T/IPP site ${site.name} (${id}) is not a number: SEVIS takes signature dates only by a numeric SiteId.`);
        const dated = activeTippPhases(m.r, site.id).filter((ph) => ph.supervisorSignatureDate);
        for (const ph of dated) if (!ph.sevisPhaseId) sevisPhaseId(m, ph);
        const official = site.officialUserName && site.officialSignatureDate;
        if (!official && !site.evSignatureDate && !dated.length) problem(m, { code: 'S2266', message: TIPP_MSG.noSignature });
        return {
          TIPP: {
            UpdateSignatureDates: {
              TippSite: {
                SiteId: id,
                ProgramOfficial: official
                  ? { UserName: site.officialUserName, SignatureDate: m.optDate(site.officialSignatureDate) }
                  : undefined,
                EvSignatureDate: m.optDate(site.evSignatureDate),
                Supervisors: dated.length
                  ? { TippPhase: dated.map((ph) => ({ PhaseId: ph.sevisPhaseId, SignatureDate: m.optDate(ph.supervisorSignatureDate) })) }
                  : undefined,
              },
            },
          },
        };
      }
      default:
        m.problem(`T/IPP action '${m.r.action}' is not one the SEVIS batch takes.`);
        return undefined;
    }
  },
};

/**
 * UpdateEV Reprint7002: SEVIS prints the DS-7002 again, whole or one site's (by its SiteId), only for a
 * trainee or intern (S2279) with a T/IPP (S2280).
 */
export const evReprint7002: TEventMapper = {
  recordKind: 'update',
  build(m: RecordMapper) {
    m.principalSevisId();
    if (!isTippCategory(m.p.evCategoryCode)) {
      problem(m, { code: 'S2279', message: TIPP_MSG.printNotApplicable });
      return undefined;
    }
    const plan = m.r.tipp?.plan;
    if (!plan || plan.exemptProgram || !activeTippSites(m.r).length) {
      problem(m, { code: 'S2280', message: TIPP_MSG.printNoTipp });
      return undefined;
    }
    const siteId = m.r.payload.tippSiteId;
    const site = siteId ? m.r.tipp?.sites.find((s) => s.id === siteId) : undefined;
    if (siteId && !site?.isActive) {
      m.problem('The T/IPP site this reprint is about is no longer on the student record.');
      return undefined;
    }
    return { Reprint7002: { '@print7002': 'true', SiteId: site ? sevisSiteId(m, site) : undefined } };
  },
};

/**
 * TippPhaseDates of a program change (Program Amend, Extension, Shorten) of a trainee or intern: the
 * dates of the phases SEVIS has, as they stand, so SEVIS moves them with the program. Held back when
 * the phases would no longer cover the new program dates or one lies outside them (SEVIS S2254): the
 * office changes the phases on the DS-7002 tab first (the held update goes with the next batch).
 */
export function programTippPhaseDates(
  m: RecordMapper,
  program: { start?: string | undefined; end?: string | undefined },
): TXmlNode | undefined {
  const plan = m.r.tipp?.plan;
  if (!isTippCategory(m.p.evCategoryCode) || !plan || plan.exemptProgram) return undefined;
  const sites = activeTippSites(m.r);
  const phases = sites.flatMap((s) => activeTippPhases(m.r, s.id));
  if (!phases.length) return undefined;
  if (program.start && program.end) {
    const gap = tippGap(
      program.start,
      program.end,
      phases.map((ph) => ({ startDate: String(ph.startDate), endDate: String(ph.endDate) })),
    );
    if (gap) problem(m, { code: 'S2254', message: gap });
    const outside = phases.find((ph) => String(ph.startDate) < program.start! || String(ph.endDate) > program.end!);
    if (outside)
      problem(m, { code: 'S2254', message: `T/IPP phase ${outside.name}: ${TIPP_MSG.phaseOutsideProgram(program.start, program.end)}` });
  }
  const known = phases.filter((ph) => /^\d{1,9}$/.test(ph.sevisPhaseId));
  return known.length
    ? { TippPhase: known.map((ph) => ({ PhaseId: ph.sevisPhaseId, StartDate: m.optDate(ph.startDate), EndDate: m.optDate(ph.endDate) })) }
    : undefined;
}
