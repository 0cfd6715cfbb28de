import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  ListMultipartUploadsCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { MissingFileError, type TFileStorage } from './file-storage.js';

export interface TS3Options {
  bucket: string;
  region: string;
  /** For S3-compatible services (MinIO, Ceph, Wasabi...); unset for AWS. */
  endpoint?: string | undefined;
  forcePathStyle?: boolean | undefined;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /** Keys live under this prefix, e.g. 'meridian/'. */
  prefix?: string | undefined;
  /** Bytes per part of a streamed upload (S3's least is 5 MiB); 8 MiB unless set. */
  partSize?: number | undefined;
}

const PART_SIZE = 8 * 1024 * 1024;

/** Files in an S3-compatible bucket, so attachments outlive one machine (decision 004). */
export class S3Storage implements TFileStorage {
  private readonly client: S3Client;

  constructor(readonly opts: TS3Options) {
    this.client = new S3Client({
      region: opts.region,
      ...(opts.endpoint ? { endpoint: opts.endpoint } : {}),
      ...(opts.forcePathStyle !== undefined ? { forcePathStyle: opts.forcePathStyle } : {}),
      // Checksums only where S3 requires them: several S3-compatible services reject the newer defaults.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // Without explicit keys the SDK's default chain applies (instance roles, environment).
      ...(opts.accessKeyId && opts.secretAccessKey
        ? { credentials: { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey } }
        : {}),
    });
  }

  private key(key: string): string {
    return `${this.opts.prefix ?? ''}${key}`;
  }

  private get encryption() {
    return this.opts.endpoint ? undefined : ('AES256' as const);
  }

  async put(key: string, data: Buffer): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.opts.bucket,
        Key: this.key(key),
        Body: data,
        ContentType: 'application/octet-stream',
        ServerSideEncryption: this.encryption,
      }),
    );
  }

  /**
   * A multipart upload, one part (partSize) in memory at a time; the object exists only once the
   * upload is completed, and an upload cut off is aborted (one a crash leaves is dropped by
   * sweepPartial). A file smaller than one part is a plain put.
   */
  async putStream(key: string, source: Readable): Promise<number> {
    // A source that fails while a part uploads must not be an uncaught error; the loop below still sees it.
    source.on('error', () => {});
    const partSize = this.opts.partSize ?? PART_SIZE;
    const Bucket = this.opts.bucket;
    const Key = this.key(key);
    let uploadId: string | undefined;
    const parts: { ETag: string; PartNumber: number }[] = [];
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let total = 0;
    const sendPart = async () => {
      uploadId ??= (
        await this.client.send(
          new CreateMultipartUploadCommand({ Bucket, Key, ContentType: 'application/octet-stream', ServerSideEncryption: this.encryption }),
        )
      ).UploadId;
      if (!uploadId) throw new Error('S3 answered without an upload id');
      const PartNumber = parts.length + 1;
      const body = Buffer.concat(pending, pendingBytes);
      pending = [];
      pendingBytes = 0;
      const { ETag } = await this.client.send(new UploadPartCommand({ Bucket, Key, UploadId: uploadId, PartNumber, Body: body }));
      if (!ETag) throw new Error('S3 answered a part without its ETag');
      parts.push({ ETag, PartNumber });
    };
    try {
      // Reading pauses while a part uploads: the writer upstream waits rather than filling memory.
      for await (const chunk of source) {
        const b = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
        pending.push(b);
        pendingBytes += b.length;
        total += b.length;
        if (pendingBytes >= partSize) await sendPart();
      }
      if (!uploadId) {
        await this.put(key, Buffer.concat(pending, pendingBytes));
        return total;
      }
      if (pendingBytes > 0) await sendPart();
      await this.client.send(new CompleteMultipartUploadCommand({ Bucket, Key, UploadId: uploadId, MultipartUpload: { Parts: parts } }));
      return total;
    } catch (e) {
      source.destroy();
      if (uploadId) await this.client.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId: uploadId })).catch(() => {});
      throw e;
    }
  }

  async read(key: string): Promise<Readable> {
    const res = await this.client
      .send(new GetObjectCommand({ Bucket: this.opts.bucket, Key: this.key(key) }))
      .catch((e: { name?: string }) => {
        if (e?.name === 'NoSuchKey' || e?.name === 'NotFound') throw new MissingFileError(key);
        throw e;
      });
    if (!(res.Body instanceof Readable)) throw new Error('S3 answered without a body');
    return res.Body;
  }

  async readBuffer(key: string): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const c of await this.read(key)) chunks.push(Buffer.from(c as Uint8Array));
    return Buffer.concat(chunks);
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.opts.bucket, Key: this.key(key) }));
  }

  /** Aborts the multipart uploads under the prefix that a crash left unfinished (a bucket lifecycle rule may do it too). */
  async sweepPartial(olderThanMs: number): Promise<number> {
    const before = Date.now() - olderThanMs;
    let n = 0;
    let KeyMarker: string | undefined;
    let UploadIdMarker: string | undefined;
    for (;;) {
      const page = await this.client.send(
        new ListMultipartUploadsCommand({ Bucket: this.opts.bucket, Prefix: this.opts.prefix ?? '', KeyMarker, UploadIdMarker }),
      );
      for (const u of page.Uploads ?? []) {
        if (!u.Key || !u.UploadId || !u.Initiated || u.Initiated.getTime() >= before) continue;
        await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.opts.bucket, Key: u.Key, UploadId: u.UploadId }));
        n++;
      }
      if (!page.IsTruncated) return n;
      KeyMarker = page.NextKeyMarker;
      UploadIdMarker = page.NextUploadIdMarker;
    }
  }
}

/** S3 settings from the environment (S3_BUCKET and friends), or null for local disk. */
export function s3OptionsFromEnv(env: NodeJS.ProcessEnv = process.env): TS3Options | null {
  if (!env.S3_BUCKET) return null;
  return {
    bucket: env.S3_BUCKET,
    region: env.S3_REGION || 'us-east-1',
    endpoint: env.S3_ENDPOINT || undefined,
    forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true' || env.S3_FORCE_PATH_STYLE === '1',
    accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
    prefix: env.S3_PREFIX || '',
  };
}
