import { scholarsApi } from '@meridian/domain';
import { type TContext } from '../../../../platform/http/context.js';
import { assertLookupFields } from '../../../lookups/index.js';
import { savePart } from '../office-details.js';

/**
 * The office's H-1B / O-1 information or J-1 program data of a case. A J-1 category given anew comes from the
 * office's `scholar-categories` list offered today; the one the case holds stays valid when retired since
 * (docs/product/lookups.md#how-forms-use-the-lists).
 */
export async function updateOfficeData(ctx: TContext, applicationId: string, input: scholarsApi.TOfficeDataInput) {
  const body = scholarsApi.ZOfficeDataInput.parse(input);
  return savePart(ctx, applicationId, body.version, 'officeData', body.officeData, (tx, before) =>
    assertLookupFields(tx, ctx, [
      {
        field: 'officeData.j1Category',
        ref: { key: 'scholar-categories' },
        value: body.officeData.j1Category,
        before: typeof before.j1Category === 'string' ? before.j1Category : null,
      },
    ]),
  );
}
