import type { TAttachment } from '@meridian/domain';
import { requireActor, type TContext } from '../../platform/http/context.js';
import { type TVisibleAttachment } from './attachment.policy.js';
import { presentAttachment, uploaderNames } from './attachment.presenter.js';

/** Files the caller may see, as the API shows them, with their uploaders' names. */
export async function presentVisibleAttachments(
  ctx: TContext,
  tx: Parameters<Parameters<TContext['db']>[0]>[0],
  list: TVisibleAttachment[],
): Promise<TAttachment[]> {
  const actor = requireActor(ctx);
  const names = await uploaderNames(
    tx,
    list.map((v) => v.row),
  );
  return list.map((v) => presentAttachment(v, actor, names));
}
