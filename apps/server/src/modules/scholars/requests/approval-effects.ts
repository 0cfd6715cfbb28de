import type { TScholarRequestCode } from '@meridian/domain';
import type { TApproveScholarRequest } from './effects/scholar-effect.js';
import { approveAmendProgramRequest } from './effects/amend-program-request.js';
import { approveProgramExtension } from './effects/program-extension.js';
import { approveSoaAddRequest } from './effects/soa-add-request.js';
import { approveSoaUpdateRequest } from './effects/soa-update-request.js';
import { approveDemographicUpdate } from './effects/demographic-update.js';
import { approveContactInfoUpdate } from './effects/contact-info-update.js';
import { approveDependentInfoUpdate } from './effects/dependent-info-update.js';

/**
 * What approving each scholar request type does, one effect per type in a file named after its code
 * (soa_add_request: effects/soa-add-request.ts). Keyed by every code, so a new scholar request type does not
 * compile until its approval is written.
 */
export const SCHOLAR_APPROVAL_EFFECTS: Record<TScholarRequestCode, TApproveScholarRequest> = {
  amend_program_request: approveAmendProgramRequest,
  program_extension: approveProgramExtension,
  soa_add_request: approveSoaAddRequest,
  soa_update_request: approveSoaUpdateRequest,
  demographic_update: approveDemographicUpdate,
  contact_info_update: approveContactInfoUpdate,
  dependent_info_update: approveDependentInfoUpdate,
};
