import type {
  studentDependents,
  studentEmployments,
  studentSitesOfActivity,
  studentTippPhases,
  studentTipps,
  studentTippSites,
} from '../../students/index.js';
import type { TBatchKind } from './schema.js';
import { type studentProfiles } from '../../students/index.js';

export type TProfile = typeof studentProfiles.$inferSelect;
export type TDependent = typeof studentDependents.$inferSelect;
export type TSite = typeof studentSitesOfActivity.$inferSelect;
export type TEmployment = typeof studentEmployments.$inferSelect;
export type TTippPlan = typeof studentTipps.$inferSelect;
export type TTippSite = typeof studentTippSites.$inferSelect;
export type TTippPhase = typeof studentTippPhases.$inferSelect;

/** A trainee's or intern's T/IPP (DS-7002): the plan row and every site and phase, removed ones too (SEVIS deletes those by id). */
export interface TTippData {
  plan: TTippPlan | null;
  sites: TTippSite[];
  phases: TTippPhase[];
}

/** One pending event with the record's current data: what the builder turns into one batch record. */
export interface TBatchRecordInput {
  eventId: string;
  profileId: string;
  /** Create | Registration | CPTEmployment | ... (sevis_pending_events.event_type) */
  eventType: string;
  /** Sub-action: Create, Add, Edit, Extension, STEMExtend... */
  action: string;
  /** What was captured when the event was raised. */
  payload: Record<string, unknown>;
  dependentId: string | null;
  profile: TProfile;
  /** All of the record's dependents (a create carries the active ones; a Dependent event names one). */
  dependents: TDependent[];
  sites: TSite[];
  employments: TEmployment[];
  /** The record's T/IPP (none when absent). */
  tipp?: TTippData | null | undefined;
}

export type TRecordKind = 'create' | 'update';

/** An element tree for xmlbuilder2: '@name' keys are attributes, '#' text; undefined entries are left out. */
export type TXmlNode = { [key: string]: TXmlValue };
export type TXmlValue = string | TXmlNode | TXmlNode[] | undefined;

export interface TBuildBatchInput {
  kind: TBatchKind;
  orgId: string;
  batchId: string;
  /** The sender's 10-character SEVIS user id (root userID and each record's userID). */
  userId: string;
  records: TBatchRecordInput[];
  /** The office's today (YYYY-MM-DD, in its time zone): the issue date of a form issued now (SEVIS IssDate). */
  today: string;
}

export interface TBuildBatchResult {
  /** The validated batch XML; '' when no record is left. */
  xml: string;
  included: Array<{ eventId: string; sevisRequestId: string; recordKind: TRecordKind }>;
  held: Array<{ eventId: string; message: string }>;
}
