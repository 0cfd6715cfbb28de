import { z } from 'zod';
import { defineRoute, ZPage, ZPageQuery } from '../define.js';

export const AUDITED_ENTITIES = ['user', 'institution', 'request'] as const;
export const ZAuditEvent = z.object({
  id: z.string(),
  at: z.string(),
  actorName: z.string().nullable(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});
export type TAuditEvent = z.infer<typeof ZAuditEvent>;

export const getHistory = defineRoute({
  method: 'GET',
  path: '/api/audit/:entityType/:entityId',
  access: 'authenticated',
  tags: ['audit'],
  summary: 'History Log of one record, newest first (users and institutions: audit.history.read; requests: whoever may read the request)',
  params: z.object({ entityType: z.enum(AUDITED_ENTITIES), entityId: z.string().min(1).max(64) }),
  query: ZPageQuery.extend({ pageSize: z.coerce.number().int().min(1).max(100).default(20) }),
  response: ZPage(ZAuditEvent),
});

export * from './log-types.js';
export * from './logs.js';
