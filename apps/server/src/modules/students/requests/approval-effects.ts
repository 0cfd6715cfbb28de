import type { TStudentRequestCode } from '@meridian/domain';
import type { TApproveRequest } from './effects/approval-effect.js';
import { approveCptRequest } from './effects/cpt-request.js';
import { approveOptRequest } from './effects/opt-request.js';
import { approveOptEmployerUpdate } from './effects/opt-employer-update.js';
import { approveOptStemExtend } from './effects/opt-stem-extend.js';
import { approveRclRequest } from './effects/rcl-request.js';
import { approveColRequest } from './effects/col-request.js';
import { approveProgramExtension } from './effects/program-extension.js';
import { approveTransferIn } from './effects/transfer-in.js';
import { approveRegistrationRequest } from './effects/registration-request.js';
import { approveOnCampusEmploymentRequest } from './effects/on-campus-employment-request.js';
import { approveCompleteProgramRequest } from './effects/complete-program-request.js';
import { approveShortenProgramRequest } from './effects/shorten-program-request.js';
import { approveCancelRequest } from './effects/cancel-request.js';
import { approveDeferAttendanceRequest } from './effects/defer-attendance-request.js';
import { approveReinstatement } from './effects/reinstatement.js';
import { approveTransferOut } from './effects/transfer-out.js';
import { approveDemographicUpdate } from './effects/demographic-update.js';
import { approveContactInfoUpdate } from './effects/contact-info-update.js';
import { approveFinancialInfoUpdate } from './effects/financial-info-update.js';
import { approveProgramInfoUpdate } from './effects/program-info-update.js';
import { approveDependentInfoUpdate } from './effects/dependent-info-update.js';
import { approveMatriculationRequest } from './effects/matriculation-request.js';
import { approveTerminateRequest } from './effects/terminate-request.js';
import { approveDependentInfoMulti } from './effects/dependent-info-multi.js';

/**
 * What approving each student request type does, one effect per type, in a file named after its code (cpt_request: effects/cpt-request.ts). Keyed
 * by every type code, so a new student request type does not compile until its approval is written. An exchange visitor's request of a
 * type serving both visas gets the same effect, which sends what SEVIS's exchange visitor batch takes (effects' isEv; docs/decisions/042).
 */
export const APPROVAL_EFFECTS: Record<TStudentRequestCode, TApproveRequest> = {
  cpt_request: approveCptRequest,
  opt_request: approveOptRequest,
  opt_employer_update: approveOptEmployerUpdate,
  opt_stem_extend: approveOptStemExtend,
  rcl_request: approveRclRequest,
  col_request: approveColRequest,
  program_extension: approveProgramExtension,
  transfer_in: approveTransferIn,
  registration_request: approveRegistrationRequest,
  on_campus_employment_request: approveOnCampusEmploymentRequest,
  complete_program_request: approveCompleteProgramRequest,
  shorten_program_request: approveShortenProgramRequest,
  cancel_request: approveCancelRequest,
  defer_attendance_request: approveDeferAttendanceRequest,
  reinstatement: approveReinstatement,
  transfer_out: approveTransferOut,
  demographic_update: approveDemographicUpdate,
  contact_info_update: approveContactInfoUpdate,
  financial_info_update: approveFinancialInfoUpdate,
  program_info_update: approveProgramInfoUpdate,
  dependent_info_update: approveDependentInfoUpdate,
  matriculation_request: approveMatriculationRequest,
  terminate_request: approveTerminateRequest,
  dependent_info_multi: approveDependentInfoMulti,
};
