import { z } from 'zod';
import { MSG } from '../../messages.js';
import { isCalendarDate } from '../../rules/dates.js';
import { LOOKUP_MSG, ZLookupKey } from '../../rules/lookup-values.js';
import { defineRoute, ZOk, ZPage } from '../define.js';

/**
 * Lookups (docs/product/lookups.md): the office's code lists, read by every form that offers one of their
 * values, and managed by super users and officers of every campus site: add the office's own values to the
 * lists that allow them, relabel, reorder, retire and restore values, export a list.
 */
const T = ['lookups'];

export const LOOKUP_VALUE_STATES = ['active', 'retired', 'scheduled'] as const;
export type TLookupValueState = (typeof LOOKUP_VALUE_STATES)[number];
export const LOOKUP_VALUE_STATE_LABELS: Record<TLookupValueState, string> = {
  active: 'Offered',
  retired: 'Retired',
  scheduled: 'Not yet offered',
};

/** What the admin page filters a list's values by. */
export const LOOKUP_VALUE_FILTERS = ['all', 'active', 'retired', 'office'] as const;
export type TLookupValueFilter = (typeof LOOKUP_VALUE_FILTERS)[number];
export const LOOKUP_VALUE_FILTER_LABELS: Record<TLookupValueFilter, string> = {
  all: 'All values',
  active: 'Offered now',
  retired: 'Retired',
  office: 'The office’s own values',
};

const ZDay = z.string().refine(isCalendarDate, MSG.invalidDate);

export const ZLookupAttributeField = z.object({
  key: z.string(),
  label: z.string(),
  required: z.boolean(),
  list: ZLookupKey.nullable(),
});

export const ZLookupList = z.object({
  key: ZLookupKey,
  name: z.string(),
  description: z.string(),
  source: z.string(),
  allowsOfficeValues: z.boolean(),
  attributes: z.array(ZLookupAttributeField),
  activeCount: z.number().int(),
  retiredCount: z.number().int(),
  officeCount: z.number().int(),
});
export type TLookupList = z.infer<typeof ZLookupList>;

export const ZLookupValue = z.object({
  id: z.uuid(),
  code: z.string(),
  label: z.string(),
  /** SEVIS's own words for a seeded value (null for the office's values). */
  officialLabel: z.string().nullable(),
  attributes: z.record(z.string(), z.string()),
  sortOrder: z.number().int(),
  activeFrom: z.string().nullable(),
  /** The first day the value is no longer offered. */
  activeUntil: z.string().nullable(),
  /** A seeded SEVIS value: its code and attributes never change. */
  isOfficial: z.boolean(),
  /** Where it stands on the office's today. */
  state: z.enum(LOOKUP_VALUE_STATES),
});
export type TLookupValue = z.infer<typeof ZLookupValue>;

export const ZLookupListList = z.object({ items: z.array(ZLookupList) });
export type TLookupListList = z.infer<typeof ZLookupListList>;

/**
 * A value as forms read it: what they draw and check, no more (a list of subject fields holds thousands, read
 * by students' browsers). The days are left out when empty.
 */
export const ZLookupChoice = z.object({
  code: z.string(),
  label: z.string(),
  attributes: z.record(z.string(), z.string()),
  activeFrom: z.string().optional(),
  activeUntil: z.string().optional(),
  state: z.enum(LOOKUP_VALUE_STATES),
});
export type TLookupChoice = z.infer<typeof ZLookupChoice>;

/** One list with the values a form offers (and, for managers who ask, the retired ones too). */
export const ZLookupWithValues = z.object({ list: ZLookupList, values: z.array(ZLookupChoice) });
export type TLookupWithValues = z.infer<typeof ZLookupWithValues>;

export const ZLookupKeyParams = z.object({ key: ZLookupKey });
export const ZLookupValueParams = z.object({ key: ZLookupKey, valueId: z.uuid() });

const ZFlag = z
  .enum(['0', '1', 'true', 'false'])
  .optional()
  .transform((v) => v === '1' || v === 'true');

export const ZGetLookupQuery = z.object({
  /** Managers only: the retired and not-yet-offered values too. */
  includeRetired: ZFlag,
  /**
   * Values a form already holds (its record's codes, or the stored attribute it keeps), comma separated:
   * returned even when retired, so an old record still shows its label.
   */
  keep: z
    .string()
    .max(400)
    .optional()
    .transform((s) =>
      (s ?? '')
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean)
        .slice(0, 20),
    ),
});
export type TGetLookupQuery = z.input<typeof ZGetLookupQuery>;

export const LOOKUP_SORTS = ['order', 'code', 'label'] as const;
export const ZListLookupValuesQuery = z.object({
  q: z.string().trim().max(100).optional(),
  filter: z.enum(LOOKUP_VALUE_FILTERS).default('all'),
  sort: z.enum(LOOKUP_SORTS).default('order'),
  order: z.enum(['asc', 'desc']).default('asc'),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type TListLookupValuesQuery = z.input<typeof ZListLookupValuesQuery>;
export const ZLookupValuePage = ZPage(ZLookupValue);
export type TLookupValuePage = z.infer<typeof ZLookupValuePage>;

const ZLabel = z.string().trim().min(1, LOOKUP_MSG.labelRequired).max(200, MSG.invalidLength);
const ZAttributeValues = z.record(z.string().max(40), z.string().trim().max(200, MSG.invalidLength));

export const ZAddLookupValueInput = z.object({
  code: z
    .string()
    .trim()
    .min(1, LOOKUP_MSG.codeRequired)
    .max(20, LOOKUP_MSG.codeFormat)
    .regex(/^[A-Za-z0-9][A-Za-z0-9 ._/-]*$/, LOOKUP_MSG.codeFormat),
  label: ZLabel,
  attributes: ZAttributeValues.default({}),
  activeFrom: ZDay.nullable().optional(),
});
export type TAddLookupValueInput = z.input<typeof ZAddLookupValueInput>;

export const ZUpdateLookupValueInput = z.object({
  label: ZLabel,
  /** The office's own values only. */
  attributes: ZAttributeValues.optional(),
});
export type TUpdateLookupValueInput = z.input<typeof ZUpdateLookupValueInput>;

export const ZRetireLookupValueInput = z.object({
  /** The first day it is no longer offered; the office's today when not given. */
  activeUntil: ZDay.nullable().optional(),
});
export type TRetireLookupValueInput = z.input<typeof ZRetireLookupValueInput>;

/** The values in their new order: they take the places they held among themselves (the rest stay put). */
export const ZReorderLookupValuesInput = z.object({ valueIds: z.array(z.uuid()).min(2).max(100) });
export type TReorderLookupValuesInput = z.input<typeof ZReorderLookupValuesInput>;

export const listLookups = defineRoute({
  method: 'GET',
  path: '/api/lookups',
  access: 'lookups.read',
  tags: T,
  summary: 'Every code list of the office, with how many values are offered, retired and the office’s own',
  response: ZLookupListList,
});

export const getLookup = defineRoute({
  method: 'GET',
  path: '/api/lookups/:key',
  access: 'lookups.read',
  tags: T,
  summary: 'One list and the values offered today, in order (includeRetired=1: every value, for list managers)',
  params: ZLookupKeyParams,
  query: ZGetLookupQuery,
  response: ZLookupWithValues,
});

export const listLookupValues = defineRoute({
  method: 'GET',
  path: '/api/lookups/:key/values',
  access: 'lookups.manage',
  tags: T,
  summary: 'A page of a list’s values, searched by code or label and filtered by state',
  params: ZLookupKeyParams,
  query: ZListLookupValuesQuery,
  response: ZLookupValuePage,
});

export const addLookupValue = defineRoute({
  method: 'POST',
  path: '/api/lookups/:key/values',
  access: 'lookups.manage',
  tags: T,
  summary: 'Adds a value of the office’s own to a list that allows them',
  params: ZLookupKeyParams,
  body: ZAddLookupValueInput,
  response: ZLookupValue,
});

export const updateLookupValue = defineRoute({
  method: 'PATCH',
  path: '/api/lookups/:key/values/:valueId',
  access: 'lookups.manage',
  tags: T,
  summary: 'Relabels a value (and changes the attributes of the office’s own values); codes never change',
  params: ZLookupValueParams,
  body: ZUpdateLookupValueInput,
  response: ZLookupValue,
});

export const reorderLookupValues = defineRoute({
  method: 'POST',
  path: '/api/lookups/:key/reorder',
  access: 'lookups.manage',
  tags: T,
  summary: 'Puts values in a new order among the places they hold',
  params: ZLookupKeyParams,
  body: ZReorderLookupValuesInput,
  response: ZOk,
});

export const retireLookupValue = defineRoute({
  method: 'POST',
  path: '/api/lookups/:key/values/:valueId/retire',
  access: 'lookups.manage',
  tags: T,
  summary: 'Retires a value from a day on: forms stop offering it, records that hold it keep it',
  params: ZLookupValueParams,
  body: ZRetireLookupValueInput,
  response: ZLookupValue,
});

export const restoreLookupValue = defineRoute({
  method: 'POST',
  path: '/api/lookups/:key/values/:valueId/restore',
  access: 'lookups.manage',
  tags: T,
  summary: 'Offers a retired value again',
  params: ZLookupValueParams,
  response: ZLookupValue,
});

export const exportLookup = defineRoute({
  method: 'GET',
  path: '/api/lookups/:key/export.csv',
  access: 'lookups.manage',
  tags: T,
  summary: 'The whole list as CSV: code, label, SEVIS’s label, attributes, first and last day offered, source',
  params: ZLookupKeyParams,
  response: z.string(),
});
