import { XMLParser } from 'fast-xml-parser';
import { expect } from 'vitest';
import type { sevisApi, TSession } from '@meridian/domain';
import type { TTestApp } from './app.js';
import { call } from './http.js';
import { buildSevisSender, buildSevisSettings, siteIdOf } from './factories/index.js';
import { fileBody } from './sevis-results-fixtures.js';

/**
 * Drives a J-1 record through the office's real operations (the API) and SEVIS's answers
 * (transaction logs written as SEVIS writes them, SevisTransLog.xsd), for the tests of
 * docs/decisions/019-sevis-events-reach-sevis-once.md.
 */
export interface TSevisOnceDriver {
  settingsId: string;
  orgId: string;
  createRecord: (over?: Record<string, unknown>) => Promise<string>;
  addDependent: (profileId: string, firstName: string) => Promise<string>;
  editRecord: (profileId: string, set: Record<string, unknown>) => Promise<void>;
  addSite: (profileId: string, name: string) => Promise<string>;
  createBatches: () => Promise<sevisApi.TCreateBatchesOutput>;
  markSent: (batchRowId: string) => Promise<void>;
  /** SEVIS's log for a sent batch: every record accepted unless named in `fail`, or the whole batch refused with `refuse`. */
  answer: (
    batchRowId: string,
    o?: { fail?: Set<string> | undefined; refuse?: string | undefined; reverseDependents?: boolean | undefined },
  ) => Promise<{ res: sevisApi.TTransLogImportOutput; xml: string }>;
  events: (profileId: string) => Promise<TEventRow[]>;
}

export interface TEventRow {
  id: string;
  event_type: string;
  action: string;
  status: string;
  message: string;
  dependent_id: string | null;
  payload: Record<string, unknown>;
  batch_id: string | null;
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  isArray: (n) => ['ExchangeVisitor', 'Dependent', 'SiteOfActivity', 'TippSite', 'TippPhase'].includes(n),
});
type TNode = Record<string, unknown>;

let seq = 0;
let sevisSeq = Math.floor(Math.random() * 1_000_000);
let tippSeq = 0;
/** SEVIS's answer for a T/IPP site it added (SevisTransLog.xsd SiteOfActivityLogType: SiteId, SiteName, Phase). */
const loggedTippSite = (siteId: string | null, name: string | null, phases: TNode[]) =>
  `<SiteOfActivity>${siteId ? `<SiteId>${siteId}</SiteId>` : ''}${name ? `<SiteName>${name}</SiteName>` : ''}${phases
    .map((ph) => `<Phase><PhaseId>${(tippSeq += 1) + 7_700_000}</PhaseId><PhaseName>${ph.PhaseName as string}</PhaseName></Phase>`)
    .join('')}</SiteOfActivity>`;
const newSiteId = () => String(5_500_000 + (tippSeq += 1));
/** A name suffix without digits (SEVIS NameType allows no digits in a last name). */
const letters = (n: number): string => (n < 26 ? String.fromCharCode(97 + n) : letters(Math.floor(n / 26) - 1) + letters(n % 26));
const nameBase = Math.floor(Math.random() * 100_000_000);
const nextSevisId = () => `N${String(7_100_000_000 + (sevisSeq += 1)).padStart(10, '0')}`;

export async function sevisOnceDriver(t: TTestApp, as: TSession, user = 'admin'): Promise<TSevisOnceDriver> {
  const settings = await buildSevisSettings(t, { site: 'MED', kind: 'J' });
  await buildSevisSender(t, user, 'ARO');
  const med = await siteIdOf(t, 'MED');
  const ok = (res: { statusCode: number; body: string }, what: string) => {
    expect(res.statusCode, `${what}: ${res.body}`).toBe(200);
    return JSON.parse(res.body) as Record<string, unknown>;
  };
  const d: TSevisOnceDriver = {
    settingsId: settings.id,
    orgId: settings.orgId,
    async createRecord(over = {}) {
      seq += 1;
      const body = {
        firstName: 'Lukas',
        // One random start per process, then a counter: names in one run never repeat (the duplicate check
        // compares first name, last name and birth date), and parallel files rarely meet.
        lastName: `Schneider ${letters(nameBase + seq)}`,
        email: `lukas.${seq}.${Date.now()}@example.edu`,
        gender: 'M',
        birthDate: '1998-02-27',
        birthCity: 'Munich',
        birthCountryCode: 'DE',
        citizenshipCountryCode: 'DE',
        visaType: 'J-1',
        campusSiteId: med,
        evCategoryCode: '1A',
        subjectFieldCode: '26.0102',
        evPositionCode: '213',
        receivedUsGovtFunds: false,
        programStartDate: '2026-08-24',
        programEndDate: '2027-05-21',
        usAddress: { line1: '77 Massachusetts Ave', city: 'Cambridge', state: 'MA', postalCode: '02139', countryCode: 'US' },
        foreignAddress: { line1: 'Leopoldstrasse 12', city: 'Munich', postalCode: '80802', countryCode: 'DE' },
        ...over,
      };
      const r = ok(await call(t, 'POST', '/api/students', { as, body }), 'create record');
      // The create form does not ask the country of permanent residence; the record's page does (SEVIS Table 33).
      await d.editRecord(r.id as string, { permanentResidenceCountryCode: 'DE' });
      return r.id as string;
    },
    async addDependent(profileId, firstName) {
      const body = {
        firstName,
        lastName: 'Schneider',
        // Children: a student may have several (SEVIS takes one spouse only, S1105).
        relationshipCode: '02',
        gender: 'F',
        birthDate: '2015-05-06',
        birthCity: 'Munich',
        birthCountryCode: 'DE',
        citizenshipCountryCode: 'DE',
        permanentResidenceCountryCode: 'DE',
        // A J-2 is added on a new DS-2019 whose purpose SEVIS requires (06 accompanying); an F-2 ignores it.
        formPurpose: '06',
      };
      const r = ok(await call(t, 'POST', `/api/students/${profileId}/dependents`, { as, body }), 'add dependent');
      return r.id as string;
    },
    async editRecord(profileId, set) {
      const cur = ok(await call(t, 'GET', `/api/students/${profileId}`, { as }), 'read record');
      ok(await call(t, 'PUT', `/api/students/${profileId}`, { as, body: { ...set, updatedAt: cur.updatedAt } }), 'edit record');
    },
    async addSite(profileId, name) {
      const body = {
        name,
        address: { line1: '2200 C Street NW', city: 'Washington', state: 'DC', postalCode: '20522', countryCode: 'US' },
        isPrimary: true,
      };
      const r = ok(await call(t, 'POST', `/api/students/${profileId}/sites-of-activity`, { as, body }), 'add site');
      return r.id as string;
    },
    async createBatches() {
      const res = await call(t, 'POST', '/api/sevis/batches', { as, body: { settingsId: settings.id } });
      return ok(res, 'create batches') as unknown as sevisApi.TCreateBatchesOutput;
    },
    async markSent(batchRowId) {
      ok(await call(t, 'POST', `/api/sevis/batches/${batchRowId}/mark-sent`, { as }), 'mark sent');
    },
    async answer(batchRowId, o = {}) {
      const [b] = await t.sql<{ batch_id: string; org_id: string; xml: string }>(
        'select batch_id, org_id, xml from sevis_batches where id = $1',
        [batchRowId],
      );
      const recs = await t.sql<{ request: string; kind: string; sevis_id: string | null; dependent_id: string | null }>(
        `select r.sevis_request_id as request, r.record_kind as kind, p.sevis_id, e.dependent_id
         from sevis_batch_records r join student_profiles p on p.id = r.profile_id join sevis_pending_events e on e.id = r.event_id
         where r.batch_row_id = $1`,
        [batchRowId],
      );
      const sent = new Map<string, TNode>();
      const doc = parser.parse(b!.xml) as TNode;
      const root = doc.SEVISBatchCreateUpdateEV as TNode;
      for (const block of ['CreateEV', 'UpdateEV'])
        for (const ev of ((root[block] as TNode | undefined)?.ExchangeVisitor ?? []) as TNode[]) sent.set(String(ev['@_requestID']), ev);
      const failed = recs.filter((r) => o.fail?.has(r.request)).length;
      const body = recs
        .map((r) => {
          const ev = sent.get(r.request) ?? {};
          const isOk = !o.fail?.has(r.request);
          const sevisId = r.kind === 'create' ? (isOk ? nextSevisId() : null) : r.sevis_id;
          const sites = isOk
            ? ((((ev.AddSiteOfActivity as TNode | undefined)?.SiteOfActivity ?? []) as TNode[]).map(
                (s, i) =>
                  `<SiteOfActivity><SiteId>${900000 + seq * 10 + i}</SiteId><SiteName>${s.SiteName as string}</SiteName></SiteOfActivity>`,
              ) ?? [])
            : [];
          // T/IPP sites and phases SEVIS added: a Create's AddTIPP, a TIPP AddSite or AddPhase.
          const tipp = (ev.TIPP ?? {}) as TNode;
          if (isOk) {
            for (const ts of ((ev.AddTIPP as TNode | undefined)?.TippSite ?? []) as TNode[])
              sites.push(loggedTippSite(newSiteId(), ts.SiteName as string, (ts.TippPhase ?? []) as TNode[]));
            const addSite = tipp.AddSite as TNode | undefined;
            if (addSite) sites.push(loggedTippSite(newSiteId(), addSite.SiteName as string, (addSite.TippPhase ?? []) as TNode[]));
            const addPhase = tipp.AddPhase as TNode | undefined;
            if (addPhase) sites.push(loggedTippSite(addPhase.SiteId as string, null, [addPhase]));
          }
          const createdDeps = [...(((ev.CreateDependent as TNode | undefined)?.Dependent ?? []) as TNode[])];
          if (o.reverseDependents) createdDeps.reverse();
          const updateDep = (ev.Dependent as TNode[] | undefined)?.[0];
          const deps = !isOk
            ? []
            : createdDeps.length
              ? createdDeps.map(
                  (x) =>
                    `<Dependent dependentSevisID="${nextSevisId()}"><UserDefinedA>${x.UserDefinedA as string}</UserDefinedA><UserDefinedB>${x.UserDefinedB as string}</UserDefinedB></Dependent>`,
                )
              : updateDep && (updateDep.Add as TNode | undefined)
                ? [`<Dependent dependentSevisID="${nextSevisId()}" />`]
                : [];
          return `<Record${sevisId ? ` sevisID="${sevisId}"` : ''} requestID="${r.request}">
        <ProcessDate>2026-11-20T10:00:00.000+00:00</ProcessDate>
        ${isOk ? '<Result status="true" />' : '<Result status="false"><ErrorCode>S2009</ErrorCode><ErrorMessage>Refused by SEVIS</ErrorMessage></Result>'}
        ${sites.join('')}${deps.join('')}
      </Record>`;
        })
        .join('\n');
      const xml = o.refuse
        ? `<TransactionLog><BatchHeader><BatchID>${b!.batch_id}</BatchID><OrgID>${b!.org_id}</OrgID></BatchHeader>
  <BatchDetail status="false"><Upload resultCode="${o.refuse}" dateTimeStamp="2026-11-20T09:00:00.000+00:00" /></BatchDetail></TransactionLog>`
        : `<?xml version="1.0" encoding="UTF-8"?>
<TransactionLog>
  <BatchHeader><BatchID>${b!.batch_id}</BatchID><OrgID>${b!.org_id}</OrgID></BatchHeader>
  <BatchDetail status="${failed ? 'false' : 'true'}">
    <Upload resultCode="S0000" dateTimeStamp="2026-11-20T09:00:00.000+00:00" />
    <Process resultCode="${failed ? 'S0020' : 'S0000'}" dateTimeStamp="2026-11-20T10:00:00.000+00:00">
      <RecordCount><Success>${recs.length - failed}</Success><Failure>${failed}</Failure><Total>${recs.length}</Total></RecordCount>
      ${body}
    </Process>
    <Download resultCode="S0000" />
  </BatchDetail>
</TransactionLog>`;
      const f = fileBody('sevis_transaction_log.xml', xml);
      const res = await call(t, 'POST', '/api/sevis/transaction-logs', { as, body: f.body, headers: f.headers });
      return { res: ok(res, 'import log') as unknown as sevisApi.TTransLogImportOutput, xml };
    },
    events: (profileId) =>
      t.sql<TEventRow>(
        'select id, event_type, action, status, message, dependent_id, payload, batch_id from sevis_pending_events where profile_id = $1 order by created_at',
        [profileId],
      ),
  };
  return d;
}
