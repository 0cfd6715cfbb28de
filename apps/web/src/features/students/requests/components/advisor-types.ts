/** Request types whose approval workflow asks the student's faculty advisor (seeded: faculty recommendation). */
export const ADVISOR_TYPES = new Set(['cpt_request', 'rcl_request']);
/** Said on the advisor chooser when a request that needs a recommendation is submitted without one. */
export const ADVISOR_REQUIRED = 'Choose your faculty advisor: they recommend this request before the office decides.';
