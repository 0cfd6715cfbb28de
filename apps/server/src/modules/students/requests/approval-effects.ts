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

/**
 * What approving each student request type does, one effect per type, in a file named after its code (cpt_request: effects/cpt-request.ts). Keyed
 * by every type code, so a new student request type does not compile until its approval is written.
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
};
