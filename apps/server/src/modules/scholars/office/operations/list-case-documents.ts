import { and, desc, eq, ne } from 'drizzle-orm';
import { type scholarsApi } from '@meridian/domain';
import { type TContext } from '../../../../platform/http/context.js';
import { attachments } from '../../../attachments/index.js';
import { customDocuments } from '../../../forms/index.js';
import { users } from '../../../people/index.js';
import { requests, requestTypes } from '../../../requests/index.js';
import { getAccessibleCase } from '../../scholar.policy.js';
import { scholarRequestsWhere } from '../case-requests.js';

/** Documents tab: the files on the scholar's engine requests (deleted files left out), newest first. */
export async function listCaseDocuments(ctx: TContext, applicationId: string): Promise<scholarsApi.TCaseDocument[]> {
  return ctx.db(async (tx) => {
    const { scholar } = await getAccessibleCase(tx, ctx, applicationId, 'office');
    const rows = await tx
      .select({
        a: attachments,
        number: requests.number,
        typeName: requestTypes.name,
        documentName: customDocuments.name,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(attachments)
      .innerJoin(requests, eq(requests.id, attachments.requestId))
      .innerJoin(requestTypes, eq(requestTypes.id, requests.requestTypeId))
      .leftJoin(customDocuments, eq(customDocuments.id, attachments.customDocumentId))
      .leftJoin(users, eq(users.id, attachments.uploadedBy))
      .where(and(await scholarRequestsWhere(tx, scholar), ne(attachments.status, 'deleted')))
      .orderBy(desc(attachments.createdAt));
    return rows.map(({ a, number, typeName, documentName, firstName, lastName }) => ({
      id: a.id,
      requestId: a.requestId!,
      requestNumber: number,
      requestTypeName: typeName,
      fileName: a.fileName,
      description: a.description,
      documentName: documentName ?? null,
      status: a.status,
      rejectReason: a.rejectReason,
      sizeBytes: a.sizeBytes,
      uploadedByName: firstName ? `${firstName} ${lastName}` : null,
      createdAt: a.createdAt.toISOString(),
      isVisibleToRequester: a.isVisibleToRequester,
      isVisibleToDepartment: a.isVisibleToDepartment,
    }));
  });
}
