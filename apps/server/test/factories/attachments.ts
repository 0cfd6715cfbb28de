import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { attachments } from '../../src/modules/attachments/schema.js';
import { requests } from '../../src/modules/requests/schema.js';
import { fileStorage, newStorageKey } from '../../src/platform/files/storage.js';
import type { TTestApp } from '../app.js';
import { only, owner } from './db.js';
import { userOf } from './people.js';

/** The bytes of a small, valid PDF. */
export const FIXTURE_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

export interface TAttachmentOverrides extends Partial<
  Omit<typeof attachments.$inferInsert, 'id' | 'requestId' | 'subjectUserId' | 'storageKey' | 'sha256' | 'sizeBytes'>
> {
  /** The request it is filed on; its subject becomes the file's, as on upload. */
  requestId?: string | null | undefined;
  /** Or the person (demo user name) on whose record it is filed. */
  subject?: string | undefined;
  /** Its content (a small PDF by default), stored where the download reads it. */
  data?: Buffer | undefined;
}

/**
 * A file as an upload leaves it: its bytes in the file storage, its hash and size, filed on a
 * request or on a person's record.
 */
export async function buildAttachment(t: TTestApp, o: TAttachmentOverrides = {}): Promise<typeof attachments.$inferSelect> {
  const { requestId, subject, data = FIXTURE_PDF, ...values } = o;
  const institutionId = values.institutionId ?? t.institutionA;
  if (!requestId === !subject) throw new Error('factory: a file is filed on a request or on a person, one of them');
  const request = requestId ? only(await owner(t).select().from(requests).where(eq(requests.id, requestId)), `request ${requestId}`) : null;
  const subjectUserId = request ? request.subjectUserId : (await userOf(t, subject!, institutionId)).id;
  const storageKey = newStorageKey();
  await fileStorage(t.config.dataDir).put(storageKey, data);
  return only(
    await owner(t)
      .insert(attachments)
      .values({
        fileName: 'passport.pdf',
        contentType: 'application/pdf',
        ...values,
        institutionId,
        requestId: requestId ?? null,
        subjectUserId,
        sizeBytes: data.length,
        sha256: createHash('sha256').update(data).digest('hex'),
        storageKey,
      })
      .returning(),
    'attachment',
  );
}
