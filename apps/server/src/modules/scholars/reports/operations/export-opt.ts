import type { Writable } from 'node:stream';
import type { TContext } from '../../../../platform/http/context.js';
import type { TDashboardExport } from '../queries/dashboard.query.js';
import { streamScholarExport } from '../scholar-export.js';

/** Streams the Scholar Dashboard's filtered cases into `out` as the OPT workbook; returns the rows written. */
export function exportOpt(ctx: TContext, scope: TDashboardExport, out: Writable, today?: string): Promise<number> {
  return streamScholarExport(ctx, 'opt', scope, out, today);
}
