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

export const ZUuid = z.uuid();

/**
 * The largest id a PostgreSQL integer (serial) column holds, e.g. a campus site's: a larger number
 * names no row, and the database would refuse it rather than find nothing.
 */
export const MAX_SERIAL_ID = 2_147_483_647;
