/**
 * fast-check arbitraries read off a route's own zod (v4) schemas, for generated-input.test.ts.
 *
 * No maintained bridge from zod 4 to fast-check exists (zod-fast-check stops at zod 3), so this walks
 * the schema definitions itself: strings (lengths, patterns, uuid, e-mail, ISO date-time), numbers
 * (bounds, integers), booleans, enums, literals, objects, arrays, records, tuples, unions,
 * intersections, optional / nullable / default / pipe / transform wrappers and lazy schemas.
 *
 * Each node draws either a value its schema accepts (boundaries included: empty, exactly the
 * maximum, the limits of a range, 2028-02-29, far-past and far-future dates, unicode) or, at the
 * sample's hostility rate, a value it should refuse (maximum + 1, 2026-02-30, NUL and control
 * characters, wrong types, extra fields, arrays for objects, deep nesting, huge numbers). Where the
 * authorization matrix gave a valid value for the node (its `base`), that value is drawn often, so
 * most samples differ from a working request in a few fields and reach the operation behind the
 * route, not only the schema in front of it.
 */
import fc from 'fast-check';
import type { ZodType } from 'zod';

/** Ids that are real but not the caller's: rows of the other institution, and random ones. */
export interface TIdPools {
  foreignUuids: string[];
  foreignInts: number[];
}

interface TCheckDef {
  check: string;
  minimum?: number;
  maximum?: number;
  length?: number;
  value?: number | bigint;
  inclusive?: boolean;
  format?: string;
  pattern?: RegExp;
}
interface TDef {
  type: string;
  checks?: { _zod: { def: TCheckDef } }[];
  format?: string;
  coerce?: boolean;
  pattern?: RegExp;
  innerType?: ZodType;
  in?: ZodType;
  out?: ZodType;
  shape?: Record<string, ZodType>;
  catchall?: ZodType;
  element?: ZodType;
  options?: ZodType[];
  left?: ZodType;
  right?: ZodType;
  keyType?: ZodType;
  valueType?: ZodType;
  items?: ZodType[];
  rest?: ZodType | null;
  entries?: Record<string, string | number>;
  values?: unknown[];
  getter?: () => ZodType;
  defaultValue?: unknown;
}

const defOf = (s: ZodType): TDef => (s as unknown as { _zod: { def: TDef } })._zod.def;
const checksOf = (d: TDef): TCheckDef[] => (d.checks ?? []).map((c) => c._zod.def);

/** Hostility rates a sample may draw: none (all values the schema accepts) up to four nodes in ten. */
export const HOSTILITY_RATES = [0, 0, 0.05, 0.15, 0.4] as const;

const DATE_RE = /\\d\{4\}-\\d\{2\}-\\d\{2\}/;

/** Date-only values: real days at the edges, and days that are not. */
export const DATE_VALUES = [
  '2028-02-29', // a leap day
  '2024-02-29',
  '2026-02-28',
  '2026-12-31',
  '2026-01-01',
  '1970-01-01',
  '1900-01-01',
  '1000-01-01',
  '0001-01-01', // far past
  '2100-12-31',
  '2999-12-31',
  '9999-12-31', // far future
];
export const BAD_DATE_VALUES = [
  '2026-02-30', // no such day
  '2027-02-29', // not a leap year
  '2100-02-29',
  '2026-04-31',
  '2026-13-01',
  '2026-00-10',
  '2026-01-00',
  '0000-01-01',
  '0000-00-00',
  '10000-01-01',
  '+275760-09-13',
  '2026-2-3',
  '2026/02/03',
  '02/03/2026',
  '2026-02-03T00:00:00Z',
  ' 2026-02-03',
  '٢٠٢٦-٠٢-٠٣', // Arabic-Indic digits
];
const DATETIME_VALUES = [
  '2026-03-08T02:30:00-05:00', // inside a DST gap in New York
  '2026-11-01T01:30:00-04:00',
  '2026-06-30T23:30:00-04:00',
  '0001-01-01T00:00:00Z',
  '9999-12-31T23:59:59.999Z',
  '1970-01-01T00:00:00+14:00',
  '2028-02-29T12:00:00-12:00',
];
const BAD_DATETIME_VALUES = ['2026-02-30T00:00:00Z', '2026-01-01T25:00:00Z', '+275760-09-13T00:00:00Z', '2026-01-01', 'yesterday'];

/** Text that has broken programs before. */
export const NASTY_STRINGS = [
  '',
  ' ',
  '   ',
  '\u0000',
  'a\u0000b',
  '\u0001\u0002\u0003\u001f\u007f',
  '\t\n\r\f\v',
  '\u2028\u2029\u0085',
  '\u200b\u200d\ufeff',
  '\u202eשלום עולם', // right-to-left override and Hebrew
  'مرحبا بالعالم', // Arabic
  'Zoë Ångström Łódź Øre',
  'e\u0301\u0301\u0301\u0301', // stacked combining marks
  '👩‍👩‍👧‍👦🏳️‍🌈🇺🇸',
  '\ud800', // a lone surrogate
  '\udfff\ud800',
  '日本語のテキスト',
  "' or 1=1 --",
  "'; drop table users; --",
  '%',
  '_',
  '\\',
  '%_\\',
  'a\\',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e309',
  '99999999999999999999',
  'true',
  '__proto__',
  'constructor',
];

/** Extra fields a caller may not set (mass assignment) and keys JSON parsers have tripped on. */
const EXTRA_KEYS = [
  'id',
  'institutionId',
  'institution_id',
  'userId',
  'createdAt',
  'role',
  'isSuperUser',
  'status',
  'extra',
  '',
  'a.b',
  '0',
];

const HUGE_NUMBERS = [2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 2, -(2 ** 53) - 2, 1e21, 1e308, -1e308, Number.MAX_VALUE, Number.MIN_VALUE];

function deepObject(depth: number): unknown {
  let v: unknown = { a: 1 };
  for (let i = 0; i < depth; i++) v = { a: v };
  return v;
}
function deepArray(depth: number): unknown {
  let v: unknown = [1];
  for (let i = 0; i < depth; i++) v = [v];
  return v;
}

/** A value of some other type than the node's: the generic wrong-type pool. */
const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(null, true, false, 0, -1, 1.5, '', 'x', [], {}, [null], [{}], { '': '' }, ['a', 'b']),
  fc.constantFrom(...HUGE_NUMBERS),
  fc.constantFrom(...NASTY_STRINGS),
  fc.constant(null).map(() => deepObject(64)),
  fc.constant(null).map(() => deepArray(64)),
  fc.constant(null).map(() => Array.from({ length: 2000 }, (_, i) => i)),
  fc.jsonValue({ maxDepth: 3 }),
);

interface TBuild {
  rate: number;
  pools: TIdPools;
  depth: number;
}

/** Mixes a node's valid arbitrary with its hostile one at the build's rate. */
function mix(b: TBuild, valid: fc.Arbitrary<unknown>, hostile: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  if (b.rate <= 0) return valid;
  const h = Math.max(1, Math.round(b.rate * 100));
  return fc.oneof({ weight: 100 - h, arbitrary: valid }, { weight: h, arbitrary: fc.oneof(hostile, wrongType) });
}

/** Prefers the matrix's working value where there is one. */
function withBase(base: unknown, hasBase: boolean, generated: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  if (!hasBase) return generated;
  return fc.oneof({ weight: 2, arbitrary: fc.constant(base) }, { weight: 1, arbitrary: generated });
}

function stringArb(d: TDef, base: unknown, hasBase: boolean, b: TBuild): fc.Arbitrary<unknown> {
  const checks = checksOf(d);
  let min = 0;
  let max = Infinity;
  const patterns: RegExp[] = [];
  for (const c of checks) {
    if (c.check === 'min_length') min = Math.max(min, c.minimum ?? 0);
    if (c.check === 'max_length') max = Math.min(max, c.maximum ?? Infinity);
    if (c.check === 'length_equals') min = max = c.length ?? 0;
    if (c.check === 'string_format' && c.format === 'regex' && c.pattern) patterns.push(c.pattern);
  }
  if (d.format === 'regex' && d.pattern) patterns.push(d.pattern);
  const format = d.format;
  const hostileLen: unknown[] = [];
  if (Number.isFinite(max)) hostileLen.push('a'.repeat(max + 1), '😀'.repeat(Math.ceil((max + 1) / 2)), 'a'.repeat(max * 10 + 10));
  if (min > 0) hostileLen.push('a'.repeat(min - 1), ' '.repeat(min));
  hostileLen.push('x'.repeat(100_000));
  const hostile = fc.oneof(fc.constantFrom(...NASTY_STRINGS, ...hostileLen), fc.string({ unit: 'binary', maxLength: 40 }));

  let valid: fc.Arbitrary<unknown>;
  if (format === 'uuid' || format === 'guid') {
    const ids: fc.Arbitrary<string>[] = [
      fc.uuid({ version: 4 }),
      fc.constantFrom('00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff'),
    ];
    if (b.pools.foreignUuids.length) ids.push(fc.constantFrom(...b.pools.foreignUuids));
    valid = fc.oneof(...ids);
    return withBase(base, hasBase, mix(b, valid, fc.oneof(hostile, fc.constantFrom('not-a-uuid', '00000000-0000-0000-0000-00000000000g'))));
  }
  if (format === 'email') {
    valid = fc.oneof(
      fc.emailAddress(),
      fc.constantFrom('zoë@exämple.edu', 'a@b.co', `${'a'.repeat(64)}@${'b'.repeat(60)}.example.edu`, "o'brien+tag@sub.example.org"),
    );
    return withBase(base, hasBase, mix(b, valid, fc.oneof(hostile, fc.constantFrom('@', 'a@', '@b.c', 'a b@c.d', 'a@b'))));
  }
  if (format === 'datetime') {
    valid = fc.oneof(
      fc.constantFrom(...DATETIME_VALUES),
      fc.date({ min: new Date('1900-01-01'), max: new Date('2200-01-01'), noInvalidDate: true }).map((x) => x.toISOString()),
    );
    return withBase(base, hasBase, mix(b, valid, fc.oneof(hostile, fc.constantFrom(...BAD_DATETIME_VALUES))));
  }
  if (patterns.some((p) => DATE_RE.test(p.source))) {
    const optional = patterns.some((p) => p.test(''));
    valid = fc.oneof(
      fc.constantFrom(...DATE_VALUES, ...(optional ? [''] : [])),
      fc.date({ min: new Date('1900-01-01'), max: new Date('2100-12-31'), noInvalidDate: true }).map((x) => x.toISOString().slice(0, 10)),
    );
    // Days that match the pattern but are not days are hostile by the schema's own refine, yet often
    // slip through a pattern-only check: drawn at twice the rate of other hostile values.
    const bad = fc.constantFrom(...BAD_DATE_VALUES);
    return withBase(
      base,
      hasBase,
      b.rate > 0
        ? fc.oneof({ weight: 4, arbitrary: valid }, { weight: 1, arbitrary: bad }, { weight: 1, arbitrary: mix(b, valid, hostile) })
        : valid,
    );
  }
  const lo = min;
  const hi = Number.isFinite(max) ? max : Math.max(lo, 60);
  if (patterns.length) {
    const p = patterns[patterns.length - 1]!;
    valid = matching(p);
  } else {
    const edges: string[] = [];
    if (Number.isFinite(max))
      edges.push('a'.repeat(max), '😀'.repeat(Math.floor(max / 2)), 'é'.repeat(max), `${'a'.repeat(Math.max(0, max - 1))} `);
    edges.push('a'.repeat(lo));
    const nasty = NASTY_STRINGS.filter((s) => !s.includes('\u0000') && s.length >= lo && s.length <= hi);
    valid = fc.oneof(
      { weight: 4, arbitrary: fc.string({ minLength: lo, maxLength: Math.min(hi, lo + 40) }) },
      { weight: 2, arbitrary: fc.string({ unit: 'grapheme', minLength: lo, maxLength: Math.min(hi, lo + 20) }) },
      { weight: 2, arbitrary: nasty.length ? fc.constantFrom(...nasty) : fc.constant('a'.repeat(lo)) },
      { weight: 2, arbitrary: fc.constantFrom(...edges) },
    );
  }
  return withBase(base, hasBase, mix(b, valid, hostile));
}

/** Strings a pattern accepts (fast-check reads most regular expressions), else any short text. */
function matching(p: RegExp): fc.Arbitrary<unknown> {
  try {
    const arb = fc.stringMatching(p);
    fc.sample(arb, { numRuns: 1, seed: 1 });
    return arb;
  } catch {
    return fc.string({ maxLength: 20 });
  }
}

function numberArb(d: TDef, base: unknown, hasBase: boolean, b: TBuild): fc.Arbitrary<unknown> {
  let lo = -Infinity;
  let hi = Infinity;
  let loEx = false;
  let hiEx = false;
  let int = false;
  for (const c of checksOf(d)) {
    if (c.check === 'greater_than') {
      lo = Number(c.value);
      loEx = !c.inclusive;
    }
    if (c.check === 'less_than') {
      hi = Number(c.value);
      hiEx = !c.inclusive;
    }
    if (c.check === 'number_format' && (c.format === 'safeint' || c.format === 'int32' || c.format === 'uint32')) int = true;
  }
  const vlo = Number.isFinite(lo) ? (int ? (loEx ? lo + 1 : Math.ceil(lo)) : lo) : int ? -(2 ** 31) : -1e12;
  const vhi = Number.isFinite(hi) ? (int ? (hiEx ? hi - 1 : Math.floor(hi)) : hi) : int ? 2 ** 31 : 1e12;
  const edges = [vlo, vhi, 0, 1, -1].filter((x) => x >= vlo && x <= vhi);
  const foreign = int ? b.pools.foreignInts.filter((x) => x >= vlo && x <= vhi) : [];
  const valid = fc.oneof(
    int
      ? fc.integer({ min: Math.max(vlo, Number.MIN_SAFE_INTEGER), max: Math.min(vhi, Number.MAX_SAFE_INTEGER) })
      : fc.double({ min: vlo, max: vhi, noNaN: true, noDefaultInfinity: true }),
    fc.constantFrom(...(edges.length ? edges : [vlo])),
    ...(foreign.length ? [fc.constantFrom(...foreign)] : []),
  );
  const hostileValues: unknown[] = [...HUGE_NUMBERS, 0.5, -0.5, -1, 0];
  if (Number.isFinite(lo)) hostileValues.push(lo - 1, lo - 0.5);
  if (Number.isFinite(hi)) hostileValues.push(hi + 1, hi + 0.5);
  const hostile = fc.constantFrom(...hostileValues, '1', '', '1e3', '0x10', ' 5 ', 'NaN', 'Infinity', '-0', '1.0');
  return withBase(base, hasBase, mix(b, valid, hostile));
}

function objectArb(d: TDef, base: unknown, hasBase: boolean, b: TBuild): fc.Arbitrary<unknown> {
  const shape = d.shape ?? {};
  const baseObj = hasBase && base && typeof base === 'object' && !Array.isArray(base) ? (base as Record<string, unknown>) : undefined;
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  const required: string[] = [];
  for (const [k, s] of Object.entries(shape)) {
    const inBase = !!baseObj && Object.prototype.hasOwnProperty.call(baseObj, k);
    model[k] = arbOf(s, baseObj?.[k], inBase, { ...b, depth: b.depth + 1 });
    const optional = isOptional(s);
    // Keep the base's fields most of the time; an optional field of no base is present half of the time.
    if (inBase || !optional) required.push(k);
  }
  let valid: fc.Arbitrary<unknown> = fc.record(model, { requiredKeys: required }).map((o) => {
    // A drawn `undefined` means the field is left out.
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(o as Record<string, unknown>)) if (v !== undefined) out[k] = v;
    return out;
  });
  if (d.catchall && defOf(d.catchall).type !== 'never') {
    const extra = fc.dictionary(fc.string({ maxLength: 8 }), arbOf(d.catchall, undefined, false, { ...b, depth: b.depth + 1 }), {
      maxKeys: 3,
    });
    valid = fc.tuple(valid, extra).map(([o, e]) => ({ ...e, ...(o as object) }));
  }
  const hostile = fc.oneof(
    // extra fields the caller may not set
    fc.tuple(valid, fc.constantFrom(...EXTRA_KEYS), wrongType).map(([o, k, v]) => ({ ...(o as object), [k]: v })),
    // a required field left out
    ...(required.length ? [fc.tuple(valid, fc.constantFrom(...required)).map(([o, k]) => omit(o as Record<string, unknown>, k))] : []),
    // an array where an object is expected
    valid.map((o) => [o]),
    fc.constant(null).map(() => deepObject(200)),
  );
  return mix(b, valid, hostile);
}

function omit(o: Record<string, unknown>, k: string): Record<string, unknown> {
  const copy = { ...o };
  delete copy[k];
  return copy;
}

function isOptional(s: ZodType): boolean {
  const t = defOf(s).type;
  return t === 'optional' || t === 'default' || t === 'prefault' || t === 'catch';
}

/** The arbitrary of one schema node (see the file's comment). */
export function arbOf(schema: ZodType, base: unknown, hasBase: boolean, b: TBuild): fc.Arbitrary<unknown> {
  const d = defOf(schema);
  if (b.depth > 12) return hasBase ? fc.constant(base) : fc.constant(null);
  switch (d.type) {
    case 'string':
      return stringArb(d, base, hasBase, b);
    case 'number':
      return numberArb(d, base, hasBase, b);
    case 'bigint':
      return withBase(
        base,
        hasBase,
        mix(b, fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }).map(String), fc.constantFrom('x', '1.5', '9'.repeat(40))),
      );
    case 'boolean':
      return withBase(base, hasBase, mix(b, fc.boolean(), fc.constantFrom('true', 'false', 0, 1, 'yes', null)));
    case 'null':
      return mix(b, fc.constant(null), fc.constantFrom(0, '', 'null'));
    case 'undefined':
    case 'void':
      return fc.constant(undefined);
    case 'any':
    case 'unknown':
      return withBase(base, hasBase, mix(b, fc.jsonValue({ maxDepth: 2 }), wrongType));
    case 'date':
      return withBase(base, hasBase, fc.oneof(fc.constantFrom(...DATE_VALUES, ...DATETIME_VALUES), wrongType));
    case 'enum': {
      const values = Object.values(d.entries ?? {});
      const lower = values
        .filter((v): v is string => typeof v === 'string')
        .map((v) => (v === v.toLowerCase() ? v.toUpperCase() : v.toLowerCase()));
      return withBase(base, hasBase, mix(b, fc.constantFrom(...values), fc.constantFrom(...lower, '', 'other', `${String(values[0])} `)));
    }
    case 'literal':
      return mix(b, fc.constantFrom(...(d.values ?? [null])), fc.constantFrom('', 'other', 0));
    case 'object':
      return objectArb(d, base, hasBase, b);
    case 'array': {
      let min = 0;
      let max = Infinity;
      for (const c of checksOf(d)) {
        if (c.check === 'min_length') min = c.minimum ?? 0;
        if (c.check === 'max_length') max = c.maximum ?? Infinity;
        if (c.check === 'length_equals') min = max = c.length ?? 0;
      }
      const baseArr = hasBase && Array.isArray(base) ? base : undefined;
      const el = arbOf(d.element!, baseArr?.[0], !!baseArr?.length, { ...b, depth: b.depth + 1 });
      const upper = Math.min(max, min + 4);
      const valid = fc.oneof(
        { weight: 4, arbitrary: fc.array(el, { minLength: min, maxLength: upper }) },
        // the same element twice (duplicate ids in a bulk action)
        {
          weight: 1,
          arbitrary: fc
            .array(el, { minLength: Math.max(min, 1), maxLength: Math.max(min, 1) })
            .map((a) => (a.length * 2 <= max ? [...a, ...a] : a)),
        },
      );
      const hostileArrays: fc.Arbitrary<unknown>[] = [valid.map((a) => ({ ...a })), valid.map((a) => a[0] ?? {})];
      if (Number.isFinite(max) && max < 5000) hostileArrays.push(fc.array(el, { minLength: max + 1, maxLength: max + 1 }));
      if (min > 0) hostileArrays.push(fc.constant([]));
      hostileArrays.push(fc.array(wrongType, { maxLength: 3 }));
      return withBase(base, hasBase, mix(b, valid, fc.oneof(...hostileArrays)));
    }
    case 'tuple': {
      const items = (d.items ?? []).map((s, i) =>
        arbOf(s, Array.isArray(base) ? base[i] : undefined, hasBase && Array.isArray(base), { ...b, depth: b.depth + 1 }),
      );
      return mix(b, fc.tuple(...items), fc.constant([]));
    }
    case 'record': {
      const baseRec = hasBase && base && typeof base === 'object' && !Array.isArray(base) ? (base as Record<string, unknown>) : undefined;
      const keyArb = arbOf(d.keyType!, undefined, false, { ...b, rate: 0, depth: b.depth + 1 }).map((k) => String(k));
      const firstBase = baseRec ? Object.values(baseRec)[0] : undefined;
      const valArb = arbOf(d.valueType!, firstBase, firstBase !== undefined, { ...b, depth: b.depth + 1 });
      const valid = fc.dictionary(keyArb, valArb, { maxKeys: 3, noNullPrototype: true });
      return withBase(
        base,
        hasBase,
        mix(b, valid, fc.dictionary(fc.constantFrom(...NASTY_STRINGS), wrongType, { maxKeys: 2, noNullPrototype: true })),
      );
    }
    case 'union': {
      const options = d.options ?? [];
      return withBase(base, hasBase, fc.oneof(...options.map((o) => arbOf(o, base, false, { ...b, depth: b.depth + 1 }))));
    }
    case 'intersection': {
      const l = arbOf(d.left!, base, hasBase, { ...b, depth: b.depth + 1 });
      const r = arbOf(d.right!, base, hasBase, { ...b, depth: b.depth + 1 });
      return fc.tuple(l, r).map(([x, y]) => (x && y && typeof x === 'object' && typeof y === 'object' ? { ...x, ...y } : x));
    }
    case 'optional':
      return hasBase
        ? arbOf(d.innerType!, base, true, b)
        : fc.oneof({ weight: 1, arbitrary: fc.constant(undefined) }, { weight: 3, arbitrary: arbOf(d.innerType!, base, false, b) });
    case 'default':
    case 'prefault':
      return hasBase
        ? arbOf(d.innerType!, base, true, b)
        : fc.oneof({ weight: 1, arbitrary: fc.constant(undefined) }, { weight: 3, arbitrary: arbOf(d.innerType!, base, false, b) });
    case 'nullable':
      return hasBase && base === null
        ? fc.oneof({ weight: 2, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: arbOf(d.innerType!, undefined, false, b) })
        : fc.oneof({ weight: 1, arbitrary: fc.constant(null) }, { weight: 4, arbitrary: arbOf(d.innerType!, base, hasBase, b) });
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return arbOf(d.innerType!, base, hasBase, b);
    case 'pipe':
      // The input side is what a caller sends.
      return defOf(d.in!).type === 'transform' ? arbOf(d.out!, base, hasBase, b) : arbOf(d.in!, base, hasBase, b);
    case 'lazy':
      return arbOf(d.getter!(), base, hasBase, b);
    case 'transform':
    case 'custom':
    default:
      return withBase(base, hasBase, wrongType);
  }
}

/**
 * The matrix's working value with one field (or one field inside one field) drawn afresh: how a large
 * form reaches its operation with a single odd value in it. At rate 0 the new value is one the
 * schema accepts; above, a hostile one at that rate.
 */
function focusArb(schema: ZodType, base: unknown, b: TBuild): fc.Arbitrary<unknown> {
  const d = defOf(schema);
  const fresh = () => arbOf(schema, undefined, false, b);
  switch (d.type) {
    case 'optional':
    case 'default':
    case 'prefault':
    case 'nullable':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return base === null || base === undefined ? fresh() : focusArb(d.innerType!, base, b);
    case 'pipe':
      return focusArb(defOf(d.in!).type === 'transform' ? d.out! : d.in!, base, b);
    case 'lazy':
      return focusArb(d.getter!(), base, b);
    case 'object': {
      const shape = d.shape ?? {};
      const keys = Object.keys(shape);
      if (!base || typeof base !== 'object' || Array.isArray(base)) return fresh();
      if (!keys.length) return fc.constant(base);
      const o = base as Record<string, unknown>;
      return fc.constantFrom(...keys).chain((k) => {
        const s = shape[k]!;
        const value = k in o ? fc.oneof(focusArb(s, o[k], b), arbOf(s, undefined, false, b)) : arbOf(s, undefined, false, b);
        return value.map((v) => {
          const copy = { ...o };
          if (v === undefined) delete copy[k];
          else copy[k] = v;
          return copy;
        });
      });
    }
    case 'array':
      if (!Array.isArray(base) || !base.length) return fresh();
      return focusArb(d.element!, base[0], b).map((v) => [v, ...(base as unknown[]).slice(1)]);
    default:
      return fresh();
  }
}

/**
 * One arbitrary per schema: a sample draws its mode first, then its value. Modes: every node drawn
 * at one of the hostility rates; or, where the matrix gave a working value (`base`), that value with
 * one or two fields drawn afresh (accepted values, or hostile ones at four in ten).
 */
export function inputArbitrary(schema: ZodType, base: unknown, pools: TIdPools): fc.Arbitrary<unknown> {
  const hasBase = base !== undefined;
  const modes = HOSTILITY_RATES.map((rate) => arbOf(schema, base, hasBase, { rate, pools, depth: 0 }));
  if (hasBase) {
    const valid: TBuild = { rate: 0, pools, depth: 0 };
    const hostile: TBuild = { rate: 0.4, pools, depth: 0 };
    modes.push(
      focusArb(schema, base, valid),
      focusArb(schema, base, valid),
      focusArb(schema, base, hostile),
      focusArb(schema, base, valid).chain((v) => focusArb(schema, v, valid)),
    );
  }
  return fc.nat({ max: modes.length - 1 }).chain((i) => modes[i]!);
}

/** Percent-encodes UTF-8 bytes (a lone surrogate, which encodeURIComponent refuses, goes as U+FFFD). */
export function pct(s: string): string {
  let out = '';
  for (const byte of Buffer.from(s, 'utf8')) {
    const ch = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-_.~]/.test(ch) ? ch : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** How a generated query value travels in a URL: strings as they are, the rest as JSON text. */
export function queryString(query: unknown): string {
  if (query === undefined) return '';
  if (!query || typeof query !== 'object' || Array.isArray(query)) return `?${pct(JSON.stringify(query) ?? '')}`;
  const parts: string[] = [];
  const text = (v: unknown) =>
    typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : v === null ? '' : (JSON.stringify(v) ?? '');
  for (const [k, v] of Object.entries(query as Record<string, unknown>)) {
    if (v === undefined) continue;
    if (Array.isArray(v)) for (const x of v) parts.push(`${pct(k)}=${pct(text(x))}`);
    else parts.push(`${pct(k)}=${pct(text(v))}`);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

/** Path parameters as URL text; a value that is not a string is sent as its JSON. */
export function pathParams(params: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!params || typeof params !== 'object' || Array.isArray(params)) return out;
  for (const [k, v] of Object.entries(params as Record<string, unknown>)) out[k] = typeof v === 'string' ? v : (JSON.stringify(v) ?? '');
  return out;
}
