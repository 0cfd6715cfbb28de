import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
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
}

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

  async put(key: string, data: Buffer): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.opts.bucket,
        Key: this.key(key),
        Body: data,
        ContentType: 'application/octet-stream',
        ServerSideEncryption: this.opts.endpoint ? undefined : 'AES256',
      }),
    );
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
