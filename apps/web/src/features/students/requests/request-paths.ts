/**
 * Where each student request type is started, edited and viewed.
 * Types with a dedicated page go there; the others use the generic request pages.
 */
export type TStartOption = { label: string; path: string };

const S = '/student';
const id = (v: string) => encodeURIComponent(v);

/** Types started and edited through the step-by-step wizard (fields, questions, documents, review). */
const WIZARD_TYPES = new Set([
  'program_extension',
  'registration_request',
  'on_campus_employment_request',
  'complete_program_request',
  'shorten_program_request',
  'cancel_request',
  'defer_attendance_request',
  'reinstatement',
  'transfer_out',
  'demographic_update',
  'contact_info_update',
  'financial_info_update',
  'program_info_update',
  'dependent_info_update',
  'dependent_info_multi',
  'matriculation_request',
  // The office's own (the student never opens it: staff fill it in at #/isss/office-request/:requestId).
  'terminate_request',
]);

/** The start button(s) of a request type on the service menu. OPT has two: pre- and post-completion. */
export function startOptions(code: string, requestTypeId: string): TStartOption[] {
  const t = id(requestTypeId);
  switch (code) {
    case 'cpt_request':
      return [{ label: 'Start', path: `${S}/cpt-request/${t}` }];
    case 'opt_request':
      return [
        { label: 'Pre-completion OPT', path: `${S}/pre-opt/create/${t}` },
        { label: 'Post-completion OPT', path: `${S}/post-opt/create/${t}` },
      ];
    case 'opt_employer_update':
      return [{ label: 'Update employer', path: `${S}/post-opt/update-employer/${t}` }];
    case 'opt_stem_extend':
      return [{ label: 'Start', path: `${S}/post-opt/stem-extension/${t}` }];
    case 'rcl_request':
      return [{ label: 'Start', path: `${S}/rcl-request/create/${t}` }];
    case 'col_request':
      return [{ label: 'Start', path: `${S}/col-request/${t}` }];
    case 'transfer_in':
      return [{ label: 'Start', path: `${S}/transfer-in/create/${t}` }];
    default:
      if (WIZARD_TYPES.has(code)) return [{ label: 'Start', path: `${S}/request-create-wizard/${t}` }];
      return [{ label: 'Start', path: `${S}/request-create/${t}` }];
  }
}

/** The page that edits (or, once submitted, shows) a request of this type. */
export function requestPath(code: string, requestId: string, optType?: unknown): string {
  const r = id(requestId);
  switch (code) {
    case 'cpt_request':
      return `${S}/cpt-request/edit/${r}`;
    case 'opt_request':
      return `${S}/${optType === '01' ? 'pre-opt' : 'post-opt'}/edit/${r}`;
    case 'opt_employer_update':
      return `${S}/post-opt/edit/${r}`;
    case 'opt_stem_extend':
      return `${S}/post-opt/stem-extension/edit/${r}`;
    case 'rcl_request':
      return `${S}/rcl-request/edit/${r}`;
    case 'col_request':
      return `${S}/col-request/edit/${r}`;
    case 'transfer_in':
      return `${S}/transfer-in/edit/${r}`;
    default:
      if (WIZARD_TYPES.has(code)) return `${S}/request-edit-wizard/${r}`;
      return `${S}/request-edit/${r}`;
  }
}

/** OPT requests are followed on their read-only summary once they are with the office. */
const isOptCode = (code: string) => code === 'opt_request' || code === 'opt_employer_update' || code === 'opt_stem_extend';

/** Where "View" goes for a request the student can no longer change. */
export function viewPath(code: string, requestId: string, optType?: unknown): string {
  return isOptCode(code) ? `${S}/opt-detail/${id(requestId)}` : requestPath(code, requestId, optType);
}
