import type { Readable } from 'node:stream';
import { type studentsApi as S } from '@meridian/domain';
import { requireActor, type TContext } from '../../../../platform/http/context.js';
import { readJ1CohortRows } from '../j1-cohort-file.js';

/**
 * Reads a participants file for the J-1 cohort page (docs/product/students-records.md#j-1-cohort): its
 * rows come back for the officer to review in the participants table; nothing is stored or created.
 */
export async function readJ1CohortFile(ctx: TContext, file: { fileName: string; stream: Readable }): Promise<S.TJ1CohortFileRows> {
  requireActor(ctx);
  const fileName = (file.fileName.split(/[\\/]/).pop() ?? '').slice(0, 200) || 'upload';
  const rows = await readJ1CohortRows(fileName, file.stream);
  return { fileName, rows };
}
