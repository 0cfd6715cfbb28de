import { randomBytes } from 'node:crypto';
import { buildStudent } from './factories/index.js';
import type { TExpect, TMatrixRow, TMatrixContext } from './authorization-matrix.js';

// docs/product/students-records.md#tags: the student area reads the tags; super users and officers of every
// campus site rename, merge and remove them (the demo officer is one of Main Campus only); staff who change
// records tag the chosen ones.
const AREA: TExpect = { anonymous: 401, admin: 200, officer: 200, assistant: 200, dept: 403, scholar: 403, student: 403 };
const VOCABULARY: TExpect = { anonymous: 401, admin: 200, officer: 403, assistant: 403, dept: 403, scholar: 403, student: 403 };

/** A fresh tag on a fresh Main Campus record, so every caller meets one to change. */
async function taggedRecord(m: TMatrixContext): Promise<{ id: string; tag: string }> {
  const tag = `matrix-${randomBytes(4).toString('hex')}`;
  return { id: (await buildStudent(m.t, { site: 'MAIN', tags: [tag] })).id, tag };
}

export const STUDENT_TAGS_MATRIX: TMatrixRow[] = [
  { method: 'GET', path: '/api/students/tags', access: 'students.read', request: () => ({}), expect: AREA },
  {
    method: 'POST',
    path: '/api/students/tags/rename',
    access: 'students.tags.manage',
    request: async (m) => {
      const { tag } = await taggedRecord(m);
      return { body: { from: tag, to: `${tag}-renamed` } };
    },
    expect: VOCABULARY,
  },
  {
    method: 'POST',
    path: '/api/students/tags/remove',
    access: 'students.tags.manage',
    request: async (m) => ({ body: { tag: (await taggedRecord(m)).tag } }),
    expect: VOCABULARY,
  },
  {
    method: 'POST',
    path: '/api/students/tags/apply',
    access: 'students.manage',
    request: async (m) => ({ body: { profileIds: [(await taggedRecord(m)).id], add: ['matrix-applied'] } }),
    expect: AREA,
  },
];
