import { type requestsApi } from '@meridian/domain';
import type { z } from 'zod';
import type { TTx } from '../../platform/db/database.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { badRequest, conflict } from '../../platform/errors/app-error.js';
import { chains } from './extensions.js';

export type TRequestTypeFields = z.output<typeof requestsApi.ZRequestTypeInput>;

const CODE_TAKEN = 'A request type with this code already exists.';

/** A request type may name only one of the office's approval workflows. */
export async function checkWorkflow(tx: TTx, workflowId: string | null) {
  if (!workflowId) return;
  // Only the office's workflows: a department's own workflow runs its sponsorship requests only.
  if (!(await chains().isOfficeWorkflow(tx, workflowId)))
    throw badRequest('Choose an approval workflow from the list.', { workflowId: ['Choose an approval workflow from the list.'] });
}

/** Turns the unique-code violation into the form's message; rethrows anything else. */
export const onCodeTaken = (e: unknown): never => {
  if (isUniqueViolation(e, 'request_types_code_uq')) throw conflict(CODE_TAKEN, { code: [CODE_TAKEN] });
  throw e;
};
