import type { TEventMapper } from './mapper.js';
import type { TBatchKind } from './schema.js';
import { evBiographical } from './ev/biographical.js';
import { evCreate } from './ev/create.js';
import { evDependent } from './ev/dependent.js';
import { evFinancialInfo } from './ev/financial-info.js';
import { evProgram } from './ev/program.js';
import { evReprint } from './ev/reprint.js';
import { evSiteOfActivity } from './ev/site-of-activity.js';
import { evStatus } from './ev/status.js';
import { evReprint7002, evTipp } from './ev/tipp.js';
import { evValidate } from './ev/validate.js';
import { studentAuthDropBelowFc } from './student/auth-drop-below-fc.js';
import { studentCptEmployment } from './student/cpt-employment.js';
import { studentCreate } from './student/create.js';
import { studentDependent } from './student/dependent.js';
import { studentEducationLevel } from './student/education-level.js';
import { studentFinancialInfo } from './student/financial-info.js';
import { studentOptEmployer } from './student/opt-employer.js';
import { studentOptEmployment } from './student/opt-employment.js';
import { studentPersonalInfo } from './student/personal-info.js';
import { studentProgram } from './student/program.js';
import { studentRegistration } from './student/registration.js';
import { studentReprint } from './student/reprint.js';
import { studentStatus } from './student/status.js';

/** Our event types (sevis_pending_events.event_type) to the mapping of each batch kind. */
export const MAPPERS: Record<TBatchKind, Record<string, TEventMapper>> = {
  student: {
    Create: studentCreate,
    Registration: studentRegistration,
    CPTEmployment: studentCptEmployment,
    OPTEmployment: studentOptEmployment,
    OPTEmployer: studentOptEmployer,
    AuthDropBelowFC: studentAuthDropBelowFc,
    EducationLevel: studentEducationLevel,
    Program: studentProgram,
    Dependent: studentDependent,
    PersonalInfo: studentPersonalInfo,
    FinancialInfo: studentFinancialInfo,
    Reprint: studentReprint,
    Status: studentStatus,
  },
  ev: {
    Create: evCreate,
    PersonalInfo: evBiographical,
    Biographical: evBiographical,
    Program: evProgram,
    SiteOfActivity: evSiteOfActivity,
    Dependent: evDependent,
    Status: evStatus,
    Validate: evValidate,
    Reprint: evReprint,
    FinancialInfo: evFinancialInfo,
    TIPP: evTipp,
    Reprint7002: evReprint7002,
  },
};

/** Why an event has no place in a batch of this kind, in words. */
export function noMapperMessage(kind: TBatchKind, eventType: string): string {
  return kind === 'ev'
    ? `SEVIS's exchange visitor batch has no ${eventType} event: make this change for the J-1 record in SEVIS RTI.`
    : `SEVIS's student batch has no ${eventType} event: make this change in SEVIS RTI.`;
}
