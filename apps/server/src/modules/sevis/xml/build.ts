import { create } from 'xmlbuilder2';
import { RecordMapper } from './map.js';
import { MAPPERS, noMapperMessage } from './registry.js';
import { validateAgainstXsd, type TBatchKind } from './schema.js';
import type { TBatchRecordInput, TBuildBatchInput, TBuildBatchResult, TRecordKind, TXmlNode, TXmlValue } from './types.js';

/** SEVIS takes at most 250 records in a CreateStudent/UpdateStudent (CreateEV/UpdateEV) block. */
export const MAX_RECORDS_PER_BLOCK = 250;

const ROOT: Record<TBatchKind, { root: string; create: string; update: string; record: string }> = {
  student: { root: 'SEVISBatchCreateUpdateStudent', create: 'CreateStudent', update: 'UpdateStudent', record: 'Student' },
  ev: { root: 'SEVISBatchCreateUpdateEV', create: 'CreateEV', update: 'UpdateEV', record: 'ExchangeVisitor' },
};

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

/**
 * The record's requestID: the event id without dashes, cut to SEVIS's 20 characters (hex only, so
 * never : / \). The transaction log answers by it; a clash inside one batch gets a counter suffix.
 */
export function requestIdFor(eventId: string, taken: Set<string>): string {
  const base = eventId.replace(/-/g, '').slice(0, 20);
  let id = base;
  for (let n = 1; taken.has(id); n += 1) id = base.slice(0, 20 - String(n).length) + String(n);
  taken.add(id);
  return id;
}

/** Characters XML 1.0 cannot carry (control characters other than tab and line breaks). */
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;

/** Leaves out undefined values (optional elements the record has no value for); notes text XML cannot carry. */
function clean(v: TXmlValue, bad: string[], name = ''): TXmlValue {
  if (v === undefined) return v;
  if (typeof v === 'string') {
    if (NOT_XML.test(v)) bad.push(name.replace(/^@/, ''));
    return v;
  }
  if (Array.isArray(v)) return v.map((x) => clean(x, bad, name) as TXmlNode);
  const out: TXmlNode = {};
  for (const [k, x] of Object.entries(v)) if (x !== undefined) out[k] = clean(x, bad, k);
  return out;
}

interface TMapped {
  input: TBatchRecordInput;
  recordKind: TRecordKind;
  requestId: string;
  /** The record element, pretty-printed, one entry per line. */
  lines: string[];
}

/** Maps one event to its record element, or the officer-readable reasons it cannot go. */
function mapRecord(
  kind: TBatchKind,
  r: TBatchRecordInput,
  userId: string,
  requestId: string,
  today: string,
): { mapped?: Omit<TMapped, 'input' | 'requestId'>; problems: string[] } {
  const mapper = MAPPERS[kind][r.eventType];
  if (!mapper) return { problems: [noMapperMessage(kind, r.eventType)] };
  const m = new RecordMapper(r, kind, today);
  const isJ = r.profile.visaType === 'J-1';
  if (isJ !== (kind === 'ev')) {
    m.problem(
      isJ
        ? 'This is a J-1 record: its SEVIS updates go in an exchange visitor batch.'
        : 'This is not a J-1 record: its SEVIS updates go in a student batch.',
    );
  }
  const body = mapper.build(m);
  if (m.problems.length || !body) return { problems: m.problems.length ? m.problems : ['Nothing to send for this update.'] };
  const attrs: TXmlNode =
    mapper.recordKind === 'create'
      ? { '@requestID': requestId, '@userID': userId, '@printForm': 'true' }
      : { '@sevisID': r.profile.sevisId ?? '', '@requestID': requestId, '@userID': userId };
  const bad: string[] = [];
  const node = clean({ ...attrs, ...body }, bad) as TXmlNode;
  // e.g. a control character pasted into remarks: this record only, never the whole batch.
  if (bad.length)
    return {
      problems: [
        `This record cannot be written as XML: ${[...new Set(bad)].join(', ')} contains an invisible control character; retype that text on the record or request.`,
      ],
    };
  let text: string;
  try {
    text = create({ [ROOT[kind].record]: node }).end({ headless: true, prettyPrint: true, indent: '  ' });
  } catch (e) {
    return { problems: [`This record cannot be written as XML (${e instanceof Error ? e.message : String(e)}).`] };
  }
  return { mapped: { recordKind: mapper.recordKind, lines: text.split('\n').map((l) => `    ${l}`) }, problems: [] };
}

/** The batch document and the line range each record occupies (1-based, inclusive). */
function assemble(
  kind: TBatchKind,
  head: { orgId: string; batchId: string; userId: string },
  records: TMapped[],
): { xml: string; ranges: Array<[number, number]> } {
  const names = ROOT[kind];
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<${names.root} xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" userID="${esc(head.userId)}">`,
    '  <BatchHeader>',
    `    <BatchID>${esc(head.batchId)}</BatchID>`,
    `    <OrgID>${esc(head.orgId)}</OrgID>`,
    '  </BatchHeader>',
  ];
  const ranges = new Array<[number, number]>(records.length);
  for (const [block, recordKind] of [
    [names.create, 'create'],
    [names.update, 'update'],
  ] as const) {
    const idx = records.map((r, i) => (r.recordKind === recordKind ? i : -1)).filter((i) => i >= 0);
    if (!idx.length) continue;
    lines.push(`  <${block}>`);
    for (const i of idx) {
      const start = lines.length + 1;
      lines.push(...records[i]!.lines);
      ranges[i] = [start, lines.length];
    }
    lines.push(`  </${block}>`);
  }
  lines.push(`</${names.root}>`);
  return { xml: `${lines.join('\n')}\n`, ranges };
}

/**
 * A built batch under another batch id: only the header's BatchID changes (every id is 14 digits, so
 * what the schema checked still holds). Batches validated together get their ids before they are
 * known to keep a record; when a whole batch was held back, the ones after it move up a number.
 */
export function withBatchId(xml: string, from: string, to: string): string {
  if (from === to) return xml;
  const old = `<BatchID>${esc(from)}</BatchID>`;
  const at = xml.indexOf(old);
  if (at < 0) throw new Error(`Batch ${from} has no BatchID ${from} in its header.`);
  return `${xml.slice(0, at)}<BatchID>${esc(to)}</BatchID>${xml.slice(at + old.length)}`;
}

/** The schema's words, without xmllint's prefix. */
const schemaWords = (message: string) => message.replace(/^Schemas validity error\s*:\s*/i, '').trim();

/** SEVIS's element and attribute names as the fields an officer corrects on our record. */
const FIELD_OF: Record<string, string> = {
  sevisID: 'the SEVIS ID on the student record',
  dependentSevisID: "the dependent's SEVIS ID",
  LastName: 'the last name',
  FirstName: 'the first (and middle) names',
  BirthDate: 'the date of birth',
  BirthCity: 'the city of birth',
  Email: 'the e-mail address',
  EmailAddress: 'the e-mail address',
  Address1: 'the street of an address',
  Address2: 'the second address line',
  City: 'the city of an address',
  PostalCode: 'the ZIP code of an address',
  EmployerName: 'the employer name',
  SiteName: 'the site of activity name',
  Remarks: 'the remarks',
  Explanation: 'the explanation',
  CourseRelevance: 'the course relevance',
  StudentsJobTitle: 'the job title',
  USNumber: 'the phone number',
  PhoneNumber: 'the phone number',
  Province: 'the province of the foreign address',
};

/** The schema's message, then which of our fields to correct when the element is one we know. */
function refusal(messages: string[]): string {
  const words = [...new Set(messages)].slice(0, 3);
  const fields = [
    ...new Set(
      words
        .map((w) => /(?:Element|attribute) '([A-Za-z0-9]+)'(?![\s\S]*(?:Element|attribute) ')/.exec(w)?.[1])
        .map((n) => (n ? FIELD_OF[n] : undefined))
        .filter(Boolean),
    ),
  ];
  return `${words.join(' ')}${fields.length ? ` Correct ${fields.join(' and ')}, then batch it again.` : ''}`;
}

/** Refuses a header SEVIS would reject for the whole batch: that is the settings' fault, not a record's. */
function checkHeader(input: TBuildBatchInput) {
  if (input.batchId.length !== 14)
    throw new Error(`The batch ID must be exactly 14 characters (${JSON.stringify(input.batchId)} has ${input.batchId.length}).`);
  if (input.userId.length !== 10)
    throw new Error(`The sender's SEVIS user ID must be exactly 10 characters (${JSON.stringify(input.userId)}).`);
  const org = input.kind === 'student' ? /^[A-Z]{3}214F\d{8}$/ : /^(P-[1-4]-\d{5}|G-[1-7]-\d{5})$/;
  if (!org.test(input.orgId)) {
    throw new Error(
      input.kind === 'student'
        ? `The school code ${JSON.stringify(input.orgId)} is not a SEVIS school code (three letters, 214F, eight digits).`
        : `The program number ${JSON.stringify(input.orgId)} is not a SEVIS program number (P-n-nnnnn or G-n-nnnnn).`,
    );
  }
}

interface TBatchState {
  input: TBuildBatchInput;
  held: TBuildBatchResult['held'];
  active: TMapped[];
  result?: TBuildBatchResult;
}

/** Maps a batch's records (holding back what our data cannot fill) and checks the block limits. */
function prepare(input: TBuildBatchInput, today: string): TBatchState {
  checkHeader(input);
  const held: TBuildBatchResult['held'] = [];
  const taken = new Set<string>();
  const active: TMapped[] = [];
  for (const r of input.records) {
    const requestId = requestIdFor(r.eventId, taken);
    const { mapped, problems } = mapRecord(input.kind, r, input.userId, requestId, today);
    if (mapped) active.push({ ...mapped, input: r, requestId });
    else held.push({ eventId: r.eventId, message: problems.join(' ') });
  }
  for (const k of ['create', 'update'] as const) {
    const n = active.filter((r) => r.recordKind === k).length;
    if (n > MAX_RECORDS_PER_BLOCK)
      throw new RangeError(
        `A SEVIS batch holds at most ${MAX_RECORDS_PER_BLOCK} ${k} records; this one has ${n}. Split the events into more batches.`,
      );
  }
  return { input, held, active };
}

/**
 * Builds SEVIS batches from pending events and validates them against the official XSD (xmllint-wasm).
 * A record our data cannot fill, or that the schema refuses, is held back with the reason (the schema's
 * own message for schema errors, mapped to the record by its lines); the rest are validated again and
 * kept. Refuses more than 250 records in a block: splitting into batches is the caller's job.
 * All batches of a kind go through ONE xmllint run per round (the schema is parsed once for them all,
 * which is most of the cost), so building 40 batches at once is much faster than 40 single calls.
 */
export async function buildValidatedBatches(inputs: TBuildBatchInput[]): Promise<TBuildBatchResult[]> {
  const states = inputs.map((input) => prepare(input, input.today));
  for (;;) {
    const open = states.filter((s) => !s.result);
    for (const s of open) if (!s.active.length) s.result = { xml: '', held: s.held, included: [] };
    const round = open.filter((s) => !s.result);
    if (!round.length) break;
    for (const kind of ['student', 'ev'] as const) {
      const batch = round.filter((s) => s.input.kind === kind);
      if (!batch.length) continue;
      const docs = batch.map((s) => assemble(kind, { orgId: s.input.orgId, batchId: s.input.batchId, userId: s.input.userId }, s.active));
      const errors = await validateAgainstXsd(
        kind,
        docs.map((d) => d.xml),
      );
      batch.forEach((s, b) => {
        const { xml, ranges } = docs[b]!;
        if (!errors[b]!.length) {
          s.result = {
            xml,
            held: s.held,
            included: s.active.map((r) => ({ eventId: r.input.eventId, sevisRequestId: r.requestId, recordKind: r.recordKind })),
          };
          return;
        }
        const failing = new Map<number, string[]>();
        for (const e of errors[b]!) {
          const i = e.line === null ? -1 : ranges.findIndex((rg) => rg && e.line! >= rg[0] && e.line! <= rg[1]);
          if (i < 0) throw new Error(`The SEVIS schema refused batch ${s.input.batchId} itself: ${schemaWords(e.message)}`);
          failing.set(i, [...(failing.get(i) ?? []), schemaWords(e.message)]);
        }
        for (const [i, messages] of failing) {
          const r = s.active[i]!;
          s.held.push({
            eventId: r.input.eventId,
            message: `The SEVIS schema refused this ${r.input.eventType}${r.input.action ? `/${r.input.action}` : ''} record: ${refusal(messages)}`,
          });
        }
        s.active = s.active.filter((_, i) => !failing.has(i));
      });
    }
  }
  return states.map((s) => s.result!);
}

/** One batch: see buildValidatedBatches. */
export async function buildValidatedBatch(input: TBuildBatchInput): Promise<TBuildBatchResult> {
  return (await buildValidatedBatches([input]))[0]!;
}
