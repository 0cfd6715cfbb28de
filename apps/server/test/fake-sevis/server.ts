import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import os from 'node:os';
import path from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { strToU8, zipSync } from 'fflate';
import { textOf } from '@meridian/domain';

/**
 * A local stand-in for the SEVIS batch interface, answering like the real one:
 * - POST /sbtsevisbatch/action/batchUpload (multipart xml, orgid, batchid, userid; HTTPS with a client
 *   certificate the server checks): a transaction log with the Upload result: S0000, S0012 when the
 *   XML is not well formed, S0010 for a batch id already received for the OrgID, S0011 when the
 *   header does not match the fields, S0001 when a field is missing.
 * - POST /sbtsevisbatch/action/batchDownload (orgid, batchid, userid): S0031 (never submitted) for an
 *   unknown batch, S0030 while `pendingDownloads` says it is not processed yet, else a zip holding
 *   sevis_transaction_log.xml (the SevisTransLog format: success with a new SEVIS ID for each create
 *   and its dependents, the record's own for updates; a failure code for requestIDs in `failRequestIds`)
 *   and a printed form (PDF) per created record.
 */
export interface TFakeSevis {
  url: string;
  /** The client certificate and key the office would configure, and the CA that signed the server's. */
  clientCert: string;
  clientKey: string;
  ca: string;
  /** Batches received, by OrgID/BatchID. */
  received: Map<string, { orgId: string; batchId: string; userId: string; xml: string; clientSubject: string }>;
  failRequestIds: Set<string>;
  /** Downloads to answer S0030 before the results are ready (per batch key). */
  pendingDownloads: Map<string, number>;
  requests: { path: string; hadClientCert: boolean }[];
  close: () => Promise<void>;
}

function openssl(args: string[], cwd: string) {
  execFileSync('openssl', args, { cwd, stdio: 'pipe' });
}

/** A CA, a server certificate for localhost and a client certificate, made with openssl now. */
function makeCertificates() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'fake-sevis-'));
  try {
    openssl(
      ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'ca.crt', '-days', '2', '-subj', '/CN=Fake SEVIS CA'],
      dir,
    );
    writeFileSync(path.join(dir, 'server.ext'), 'subjectAltName=DNS:localhost,IP:127.0.0.1\n');
    openssl(['req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=localhost'], dir);
    openssl(
      [
        'x509',
        '-req',
        '-in',
        'server.csr',
        '-CA',
        'ca.crt',
        '-CAkey',
        'ca.key',
        '-CAcreateserial',
        '-out',
        'server.crt',
        '-days',
        '2',
        '-extfile',
        'server.ext',
      ],
      dir,
    );
    openssl(
      [
        'req',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        'client.key',
        '-out',
        'client.csr',
        '-subj',
        '/CN=Demo University PDSO/O=Demo University',
      ],
      dir,
    );
    openssl(
      ['x509', '-req', '-in', 'client.csr', '-CA', 'ca.crt', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'client.crt', '-days', '2'],
      dir,
    );
    const read = (f: string) => readFileSync(path.join(dir, f), 'utf8');
    return {
      ca: read('ca.crt'),
      serverKey: read('server.key'),
      serverCert: read('server.crt'),
      clientKey: read('client.key'),
      clientCert: read('client.crt'),
      dir,
    };
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }
}

/** The parts of a multipart/form-data body: name → text. */
function parseMultipart(body: Buffer, contentType: string): Record<string, string> {
  const m = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  if (!m) return {};
  const boundary = `--${m[1] ?? m[2]}`;
  const out: Record<string, string> = {};
  const text = body.toString('latin1');
  for (const chunk of text.split(boundary).slice(1)) {
    if (chunk.startsWith('--')) break;
    const sep = chunk.indexOf('\r\n\r\n');
    if (sep < 0) continue;
    const head = chunk.slice(0, sep);
    const name = /name="([^"]+)"/i.exec(head)?.[1];
    if (!name) continue;
    out[name] = Buffer.from(chunk.slice(sep + 4).replace(/\r\n$/, ''), 'latin1').toString('utf8');
  }
  return out;
}

const stamp = () => new Date().toISOString().replace('Z', '+00:00');
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function logXml(
  orgId: string,
  batchId: string,
  detail: {
    status: boolean;
    upload?: string;
    fileName?: string;
    process?: string;
    records?: string;
    download?: string;
    counts?: [number, number];
  },
) {
  const upload = detail.upload
    ? `<Upload resultCode="${detail.upload}" dateTimeStamp="${stamp()}">${detail.fileName ? `<FileName>${esc(detail.fileName.slice(0, 30))}</FileName>` : ''}</Upload>`
    : '';
  const process = detail.process
    ? `<Process resultCode="${detail.process}" dateTimeStamp="${stamp()}">${detail.counts ? `<RecordCount><Success>${detail.counts[0]}</Success><Failure>${detail.counts[1]}</Failure><Total>${detail.counts[0] + detail.counts[1]}</Total></RecordCount>${detail.records ?? ''}` : ''}</Process>`
    : '';
  const download = detail.download ? `<Download resultCode="${detail.download}" />` : '';
  return `<?xml version="1.0" encoding="UTF-8"?>\n<TransactionLog xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><BatchHeader><BatchID>${esc(batchId)}</BatchID><OrgID>${esc(orgId)}</OrgID></BatchHeader><BatchDetail status="${detail.status}" system="FAKE">${upload}${process}${download}</BatchDetail></TransactionLog>`;
}

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_', parseTagValue: false, processEntities: false });
type TNode = Record<string, unknown>;
type TDep = { a: string; b: string };

/** Every record of a batch (any element with a requestID), with its kind, SEVIS id and dependents to create. */
function recordsOf(
  xml: string,
): { requestId: string; userId: string; sevisId: string | null; isCreate: boolean; dependents: TDep[]; printForm: boolean }[] {
  const out: { requestId: string; userId: string; sevisId: string | null; isCreate: boolean; dependents: TDep[]; printForm: boolean }[] =
    [];
  // SEVIS echoes each created dependent's UserDefinedA/B (SevisTransLog.xsd Record/Dependent).
  const deps = (n: unknown, key: string): TDep[] => {
    if (!n || typeof n !== 'object') return [];
    if (Array.isArray(n)) return n.flatMap((x) => deps(x, key));
    const o = n as TNode;
    if (key === 'Dependent' && (o.FullName || o.BirthDate)) return [{ a: textOf(o.UserDefinedA ?? ''), b: textOf(o.UserDefinedB ?? '') }];
    return Object.entries(o).flatMap(([k, v]) => deps(v, k));
  };
  const walk = (n: unknown, inCreate: boolean) => {
    if (!n || typeof n !== 'object') return;
    if (Array.isArray(n)) {
      n.forEach((x) => walk(x, inCreate));
      return;
    }
    const o = n as TNode;
    if (typeof o['@_requestID'] === 'string') {
      out.push({
        requestId: o['@_requestID'],
        userId: textOf(o['@_userID']),
        sevisId: typeof o['@_sevisID'] === 'string' ? o['@_sevisID'] : null,
        isCreate: inCreate,
        dependents: inCreate ? deps(o, '') : [],
        printForm: o['@_printForm'] === 'true' || o['@_printForm'] === '1',
      });
      return;
    }
    for (const [k, v] of Object.entries(o)) walk(v, inCreate || k === 'CreateStudent' || k === 'CreateEV');
  };
  walk(parser.parse(xml), false);
  return out;
}

let sevisSeq = 158000;
const nextSevisId = () => `N${String(Math.floor(Math.random() * 90) + 10)}${String((sevisSeq += 1)).padStart(8, '0')}`;

export async function startFakeSevis(): Promise<TFakeSevis> {
  const certs = makeCertificates();
  const received: TFakeSevis['received'] = new Map();
  const failRequestIds = new Set<string>();
  const pendingDownloads = new Map<string, number>();
  const requests: TFakeSevis['requests'] = [];
  const results = new Map<string, Buffer>();
  const key = (o: string, b: string) => `${o}/${b}`;

  const server = https.createServer(
    { key: certs.serverKey, cert: certs.serverCert, ca: certs.ca, requestCert: true, rejectUnauthorized: true },
    (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const sock = req.socket as TLSSocket;
        const peer = sock.getPeerCertificate();
        requests.push({ path: req.url ?? '', hadClientCert: sock.authorized && !!peer?.subject });
        const f = parseMultipart(Buffer.concat(chunks), String(req.headers['content-type'] ?? ''));
        const orgId = f.orgid ?? '';
        const batchId = f.batchid ?? '';
        const sendXml = (xml: string) => {
          res.writeHead(200, { 'content-type': 'text/xml' });
          res.end(xml);
        };
        if (req.method !== 'POST') {
          res.writeHead(405);
          res.end();
          return;
        }
        if (req.url === '/sbtsevisbatch/action/batchUpload') {
          if (!orgId || !batchId || !f.userid || !f.xml) {
            sendXml(logXml(orgId, batchId, { status: false, upload: 'S0001' }));
            return;
          }
          if (XMLValidator.validate(f.xml) !== true) {
            sendXml(logXml(orgId, batchId, { status: false, upload: 'S0012' }));
            return;
          }
          const doc: Record<string, TNode> = parser.parse(f.xml);
          const root = Object.values(doc).find<TNode>((v): v is TNode => !!v && typeof v === 'object' && 'BatchHeader' in v);
          const header = (root?.BatchHeader ?? {}) as TNode;
          if (textOf(header.BatchID) !== batchId || textOf(header.OrgID) !== orgId || textOf(root?.['@_userID']) !== f.userid) {
            sendXml(logXml(orgId, batchId, { status: false, upload: 'S0011' }));
            return;
          }
          if (received.has(key(orgId, batchId))) {
            sendXml(logXml(orgId, batchId, { status: false, upload: 'S0010' }));
            return;
          }
          received.set(key(orgId, batchId), {
            orgId,
            batchId,
            userId: f.userid,
            xml: f.xml,
            clientSubject: String(peer?.subject?.CN ?? ''),
          });
          sendXml(logXml(orgId, batchId, { status: true, upload: 'S0000', fileName: `${batchId}.xml` }));
          return;
        }
        if (req.url === '/sbtsevisbatch/action/batchDownload') {
          const got = received.get(key(orgId, batchId));
          if (!got) {
            sendXml(logXml(orgId, batchId, { status: false, download: 'S0031' }));
            return;
          }
          const waits = pendingDownloads.get(key(orgId, batchId)) ?? 0;
          if (waits > 0) {
            pendingDownloads.set(key(orgId, batchId), waits - 1);
            sendXml(logXml(orgId, batchId, { status: true, upload: 'S0000', process: 'S0030', download: 'S0030' }));
            return;
          }
          // SEVIS processes a batch once: every later download returns the same file.
          const cached = results.get(key(orgId, batchId));
          if (cached) {
            res.writeHead(200, { 'content-type': 'application/zip' });
            res.end(cached);
            return;
          }
          const recs = recordsOf(got.xml);
          const forms: Record<string, Uint8Array> = {};
          let fails = 0;
          const body = recs
            .map((r) => {
              const failed = failRequestIds.has(r.requestId);
              if (failed) fails += 1;
              const sevisId = r.isCreate ? (failed ? null : nextSevisId()) : r.sevisId;
              if (sevisId && r.isCreate && r.printForm) forms[`${sevisId}.pdf`] = strToU8(`%PDF-1.4\n% fake form for ${sevisId}\n%%EOF\n`);
              const deps =
                !failed && r.isCreate
                  ? r.dependents
                      .map(
                        (x) =>
                          `<Dependent dependentSevisID="${nextSevisId()}">${x.a ? `<UserDefinedA>${esc(x.a)}</UserDefinedA>` : ''}${x.b ? `<UserDefinedB>${esc(x.b)}</UserDefinedB>` : ''}</Dependent>`,
                      )
                      .join('')
                  : '';
              const result = failed
                ? '<Result status="false"><ErrorCode>S1056</ErrorCode><ErrorMessage>The record failed a SEVIS business rule (fake)</ErrorMessage></Result>'
                : '<Result status="true" />';
              return `<Record${sevisId ? ` sevisID="${sevisId}"` : ''}${r.userId ? ` userID="${esc(r.userId)}"` : ''} requestID="${esc(r.requestId)}"><ProcessDate>${stamp()}</ProcessDate>${result}${deps}</Record>`;
            })
            .join('');
          const log = logXml(orgId, batchId, {
            status: fails === 0,
            upload: 'S0000',
            fileName: `${batchId}.xml`,
            process: fails ? 'S0020' : 'S0000',
            counts: [recs.length - fails, fails],
            records: body,
            download: 'S0000',
          });
          const zip = Buffer.from(zipSync({ 'sevis_transaction_log.xml': strToU8(log), ...forms }));
          results.set(key(orgId, batchId), zip);
          res.writeHead(200, { 'content-type': 'application/zip' });
          res.end(zip);
          return;
        }
        res.writeHead(404);
        res.end();
      });
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `https://127.0.0.1:${port}/sbtsevisbatch`,
    clientCert: certs.clientCert,
    clientKey: certs.clientKey,
    ca: certs.ca,
    received,
    failRequestIds,
    pendingDownloads,
    requests,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(certs.dir, { recursive: true, force: true });
    },
  };
}
