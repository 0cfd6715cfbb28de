import { describe, expect, it } from 'vitest';
import { STUDENT_REQUEST_CODES } from '@meridian/domain';
import { requestPath, startOptions, viewPath } from './request-paths';

describe('student request pages by type', () => {
  it('starts each type on its own page, OPT as pre- or post-completion', () => {
    expect(startOptions('cpt_request', 't1').map((o) => o.path)).toEqual(['/student/cpt-request/t1']);
    expect(startOptions('opt_request', 't1').map((o) => o.path)).toEqual(['/student/pre-opt/create/t1', '/student/post-opt/create/t1']);
    expect(startOptions('opt_employer_update', 't1')[0]!.path).toBe('/student/post-opt/update-employer/t1');
    expect(startOptions('opt_stem_extend', 't1')[0]!.path).toBe('/student/post-opt/stem-extension/t1');
    expect(startOptions('rcl_request', 't1')[0]!.path).toBe('/student/rcl-request/create/t1');
    expect(startOptions('col_request', 't1')[0]!.path).toBe('/student/col-request/t1');
    expect(startOptions('transfer_in', 't1')[0]!.path).toBe('/student/transfer-in/create/t1');
    expect(startOptions('program_extension', 't1')[0]!.path).toBe('/student/request-create-wizard/t1');
    expect(startOptions('reinstatement', 't1')[0]!.path).toBe('/student/request-create-wizard/t1');
    expect(startOptions('matriculation_request', 't1')[0]!.path).toBe('/student/request-create-wizard/t1');
    expect(startOptions('dependent_info_multi', 't1')[0]!.path).toBe('/student/request-create-wizard/t1');
    // A type the office added, with only its questionnaires.
    expect(startOptions('housing_letter_request', 't1')[0]!.path).toBe('/student/request-create/t1');
  });
  it('edits each type on its own page, and never sends a student form type to the generic page', () => {
    expect(requestPath('cpt_request', 'r1')).toBe('/student/cpt-request/edit/r1');
    expect(requestPath('opt_request', 'r1', '01')).toBe('/student/pre-opt/edit/r1');
    expect(requestPath('opt_request', 'r1', '02')).toBe('/student/post-opt/edit/r1');
    expect(requestPath('rcl_request', 'r1')).toBe('/student/rcl-request/edit/r1');
    expect(requestPath('transfer_in', 'r1')).toBe('/student/transfer-in/edit/r1');
    expect(requestPath('program_extension', 'r1')).toBe('/student/request-edit-wizard/r1');
    expect(requestPath('reinstatement', 'r1')).toBe('/student/request-edit-wizard/r1');
    expect(requestPath('matriculation_request', 'r1')).toBe('/student/request-edit-wizard/r1');
    expect(requestPath('housing_letter_request', 'r1')).toBe('/student/request-edit/r1');
    for (const code of STUDENT_REQUEST_CODES) expect(requestPath(code, 'r1')).not.toBe('/student/request-edit/r1');
  });
  it('shows OPT requests on their read-only detail page', () => {
    expect(viewPath('opt_request', 'r1')).toBe('/student/opt-detail/r1');
    expect(viewPath('opt_stem_extend', 'r1')).toBe('/student/opt-detail/r1');
    expect(viewPath('cpt_request', 'r1')).toBe('/student/cpt-request/edit/r1');
  });
});
