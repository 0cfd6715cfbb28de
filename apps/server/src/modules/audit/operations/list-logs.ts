import type { auditApi } from '@meridian/domain';
import type { TContext } from '../../../platform/http/context.js';
import { countLogs, logsSelect, logsWhere, presentLogEntry } from '../queries/logs.query.js';

/** One page of the office's Logs (docs/product/logs.md): filtered, counted and paged in the database, newest first. */
export async function listLogs(ctx: TContext, q: auditApi.TListLogsQuery) {
  return ctx.db(async (tx) => {
    const where = logsWhere(q, ctx.timeZone);
    const total = await countLogs(tx, where);
    const rows = await logsSelect(tx, where)
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize);
    return { items: rows.map(presentLogEntry), total, page: q.page, pageSize: q.pageSize };
  });
}
