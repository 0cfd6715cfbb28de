import { z, type ZodType } from 'zod';
import type { TRouteAccess } from '../permissions.js';

export type THttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One route of the API, shared by the server (registers it) and the browser (calls it). */
export interface RouteContract<
  TBody extends ZodType | undefined = ZodType | undefined,
  TQuery extends ZodType | undefined = ZodType | undefined,
  TParams extends ZodType | undefined = ZodType | undefined,
  TResponse extends ZodType = ZodType,
> {
  method: THttpMethod;
  path: string;
  access: TRouteAccess;
  summary: string;
  tags: string[];
  body?: TBody;
  query?: TQuery;
  params?: TParams;
  response: TResponse;
  /**
   * Two-step sign-in (docs/product/two-step-sign-in.md#required-for-office-staff): 'open-during-setup'
   * routes stay open to a staff member whose office requires a second step they have not set up yet
   * (every other route answers 403 TWO_STEP_SETUP_REQUIRED); 'recent' routes (exports, permission
   * changes) need a second step in the last 15 minutes from anyone who has one (403 STEP_UP_REQUIRED).
   */
  secondStep?: 'open-during-setup' | 'recent';
}

export function defineRoute<
  TBody extends ZodType | undefined = undefined,
  TQuery extends ZodType | undefined = undefined,
  TParams extends ZodType | undefined = undefined,
  TResponse extends ZodType = ZodType,
>(c: RouteContract<TBody, TQuery, TParams, TResponse>) {
  return c;
}

/** Structured error body: every non-2xx answer has this shape. */
export const ZErrorBody = z.object({
  code: z.string(),
  message: z.string(),
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
});
export type TErrorBody = z.infer<typeof ZErrorBody>;

export const ZOk = z.object({ ok: z.literal(true) });

/** Paging and sorting done on the server. */
export const ZPageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});
export function ZPage<T extends ZodType>(item: T) {
  return z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
}

/**
 * Keyset paging beside the page number: `after` is the previous answer's `next` (the page after it),
 * `before` its `prev` (the page before). Either makes the page cost the same however deep it is; the
 * page number then only says where the reader is.
 */
export const ZCursorQuery = z.object({
  after: z.string().max(800).optional(),
  before: z.string().max(800).optional(),
});

/** Lists count their matches up to this many; past it they say "more than" it. */
export const LIST_COUNT_CAP = 10_000;

/** A page of a list that pages by keyset and counts to a cap (`totalCapped`: more than `total` match). */
export function ZCursorPage<T extends ZodType>(item: T) {
  return ZPage(item).extend({
    totalCapped: z.boolean(),
    next: z.string().nullable(),
    prev: z.string().nullable(),
  });
}

export const ZUuid = z.uuid();

/**
 * The largest id a PostgreSQL integer (serial) column holds, e.g. a campus site's: a larger number
 * names no row, and the database would refuse it rather than find nothing.
 */
export const MAX_SERIAL_ID = 2_147_483_647;
