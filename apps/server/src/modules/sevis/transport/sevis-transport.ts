import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import https from 'node:https';

/**
 * The SEVIS batch interface (docs/product/sevis-results.md#batch-interface): a batch is uploaded as an HTTPS
 * multipart POST of `xml`, `orgid`, `batchid` and `userid`, authenticated by the office's client certificate;
 * SEVIS answers with a transaction log of the upload. Results come later (usually the next business day) from
 * the download action: a zip holding sevis_transaction_log.xml and the printed forms, or a transaction log
 * alone while the batch is not processed (S0030).
 *
 * Off unless configured, so downloading the XML and uploading it by hand always works:
 *   SEVIS_BATCH_URL      the batch interface, e.g. https://egov.ice.gov/sbtsevisbatch
 *                        (upload: <url>/action/batchUpload, download: <url>/action/batchDownload)
 *   SEVIS_CLIENT_CERT    path of the office's client certificate (PEM)
 *   SEVIS_CLIENT_KEY     path of its private key (PEM); SEVIS_CLIENT_KEY_PASSPHRASE if it has one
 *   SEVIS_CA             optional path of extra CA certificates (PEM) to trust for the server
 */
export interface TSevisTransport {
  readonly isConfigured: boolean;
  /** The interface's address, without credentials (shown to the office). */
  readonly url: string;
  upload(input: TBatchUpload): Promise<TTransportAnswer>;
  download(input: TBatchRef): Promise<TTransportAnswer>;
}

export interface TBatchRef {
  orgId: string;
  batchId: string;
  userId: string;
}
export interface TBatchUpload extends TBatchRef {
  xml: string;
}
export interface TTransportAnswer {
  status: number;
  contentType: string;
  body: Buffer;
}

export class TransportError extends Error {}

export interface THttpTransportOptions {
  baseUrl: string;
  cert: string | Buffer;
  key: string | Buffer;
  passphrase?: string | undefined;
  ca?: string | Buffer | undefined;
  timeoutMs?: number;
}

const MAX_ANSWER = 60 * 1024 * 1024;

/** A multipart/form-data body: text fields, then the XML as a file part. */
function multipart(
  fields: Record<string, string>,
  file?: { name: string; fileName: string; contentType: string; data: string },
): { body: Buffer; contentType: string } {
  const boundary = `----meridian${randomBytes(12).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`, 'utf8'));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.fileName}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
        'utf8',
      ),
    );
    parts.push(Buffer.from(file.data, 'utf8'), Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The batch interface over HTTPS with a client certificate. */
export class HttpSevisTransport implements TSevisTransport {
  readonly isConfigured = true;
  readonly url: string;
  private readonly agent: https.Agent;

  constructor(private readonly o: THttpTransportOptions) {
    this.url = o.baseUrl.replace(/\/+$/, '');
    this.agent = new https.Agent({ cert: o.cert, key: o.key, passphrase: o.passphrase, ca: o.ca, keepAlive: false, minVersion: 'TLSv1.2' });
  }

  private post(action: string, payload: { body: Buffer; contentType: string }): Promise<TTransportAnswer> {
    const target = new URL(`${this.url}/action/${action}`);
    if (target.protocol !== 'https:') return Promise.reject(new TransportError('The SEVIS batch interface must be reached over HTTPS.'));
    return new Promise((resolve, reject) => {
      const req = https.request(
        target,
        {
          method: 'POST',
          agent: this.agent,
          timeout: this.o.timeoutMs ?? 60_000,
          headers: { 'content-type': payload.contentType, 'content-length': payload.body.length, accept: '*/*' },
        },
        (res) => {
          const chunks: Buffer[] = [];
          let size = 0;
          res.on('data', (c: Buffer) => {
            size += c.length;
            if (size > MAX_ANSWER) {
              req.destroy(new TransportError('SEVIS answered with more data than expected.'));
              return;
            }
            chunks.push(c);
          });
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, contentType: String(res.headers['content-type'] ?? ''), body: Buffer.concat(chunks) }),
          );
          res.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(new TransportError('SEVIS did not answer in time.')));
      req.on('error', (e) => reject(e instanceof TransportError ? e : new TransportError(`SEVIS could not be reached: ${e.message}`)));
      req.end(payload.body);
    });
  }

  upload(i: TBatchUpload): Promise<TTransportAnswer> {
    return this.post(
      'batchUpload',
      multipart(
        { orgid: i.orgId, batchid: i.batchId, userid: i.userId },
        { name: 'xml', fileName: `${i.batchId}${i.orgId}.xml`, contentType: 'text/xml', data: i.xml },
      ),
    );
  }

  download(i: TBatchRef): Promise<TTransportAnswer> {
    return this.post('batchDownload', multipart({ orgid: i.orgId, batchid: i.batchId, userid: i.userId }));
  }
}

/** No certificate configured: every call says so; the office downloads and uploads by hand. */
export const OFF_TRANSPORT: TSevisTransport = {
  isConfigured: false,
  url: '',
  upload: () => Promise.reject(new TransportError('not configured')),
  download: () => Promise.reject(new TransportError('not configured')),
};

/** The transport the environment configures (see above), or OFF_TRANSPORT. */
export function transportFromEnv(env: NodeJS.ProcessEnv = process.env): TSevisTransport {
  const baseUrl = env.SEVIS_BATCH_URL?.trim();
  const certPath = env.SEVIS_CLIENT_CERT?.trim();
  const keyPath = env.SEVIS_CLIENT_KEY?.trim();
  if (!baseUrl || !certPath || !keyPath) return OFF_TRANSPORT;
  return new HttpSevisTransport({
    baseUrl,
    cert: readFileSync(certPath),
    key: readFileSync(keyPath),
    passphrase: env.SEVIS_CLIENT_KEY_PASSPHRASE || undefined,
    ca: env.SEVIS_CA ? readFileSync(env.SEVIS_CA.trim()) : undefined,
  });
}

let current: TSevisTransport | null = null;

/** The server's transport (read from the environment once). */
export function sevisTransport(): TSevisTransport {
  current ??= transportFromEnv();
  return current;
}

/** Replaces the transport (tests point it at the fake SEVIS server; null reads the environment again). */
export function setSevisTransport(t: TSevisTransport | null): void {
  current = t;
}
