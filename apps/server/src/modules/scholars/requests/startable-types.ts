import { isScholarRequestCode, scholarRequestApplies, visaScopeIncludes } from '@meridian/domain';
import type { TRequestTypeRow } from '../../requests/index.js';
import type { TCaseRow } from '../scholar.policy.js';

export const NOT_FOR_SCHOLAR = 'This request cannot be started for this scholar.';

/**
 * Request types started about a scholar's case (docs/product/scholars-office.md#start-a-request): enabled types
 * the scholar starts (the office starts them for the scholar to complete) or the department starts (a
 * department about its scholar), within the case's visa type (the type's visa scope; a J-1 program's request
 * only for a J-1 case).
 */
export const startableOnCase = (by: 'office' | 'department', c: Pick<TCaseRow, 'processedState'>) => (t: TRequestTypeRow) =>
  t.isEnabled &&
  t.starters.includes(by === 'office' ? 'scholar' : 'department') &&
  visaScopeIncludes(t.visaScope, c.processedState) &&
  (!isScholarRequestCode(t.code) || scholarRequestApplies(t.code, c.processedState));
