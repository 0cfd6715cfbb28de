// The office's tags on student records as one vocabulary: counted, renamed, merged, removed, and put on
// or taken off many records at once (docs/product/students-records.md#tags).
import { z } from 'zod';
import { MSG } from '../../messages.js';
import { defineRoute } from '../define.js';

const T = ['students'];
const ZTag = z.string().trim().min(1, MSG.required).max(60, MSG.invalidLength);

export const TAG_MSG = {
  sameName: 'The new name is the tag’s name already.',
  unknownTag: 'No student record carries this tag.',
  nothingToDo: 'Choose a tag to add or to remove.',
} as const;

export const ZStudentTagSummary = z.object({
  tag: z.string(),
  /** Records carrying it, of those the caller reaches. */
  records: z.number().int(),
});
export type TStudentTagSummary = z.infer<typeof ZStudentTagSummary>;
export const ZStudentTagList = z.object({ items: z.array(ZStudentTagSummary) });

export const ZRenameTagInput = z.object({ from: ZTag, to: ZTag });
export const ZRemoveTagInput = z.object({ tag: ZTag });
export const ZTagChangeResult = z.object({
  /** How many records changed. */
  records: z.number().int(),
  /** True when the new name was already a tag: the two became one. */
  merged: z.boolean(),
});
export type TTagChangeResult = z.infer<typeof ZTagChangeResult>;

export const ZApplyTagsInput = z.object({
  profileIds: z
    .array(z.uuid({ error: MSG.notFound }))
    .min(1, MSG.required)
    .max(1000),
  add: z.array(ZTag).max(10).default([]),
  remove: z.array(ZTag).max(10).default([]),
});
export const ZApplyTagsResult = z.object({
  /** Records whose tags changed. */
  changed: z.number().int(),
  /** Chosen records the caller may not change (another campus site), left as they were. */
  skipped: z.number().int(),
});
export type TApplyTagsResult = z.infer<typeof ZApplyTagsResult>;

export const listStudentTags = defineRoute({
  method: 'GET',
  path: '/api/students/tags',
  access: 'students.read',
  tags: T,
  summary: 'The tags on the student records the caller reaches, with how many records carry each',
  response: ZStudentTagList,
});
export const renameStudentTag = defineRoute({
  method: 'POST',
  path: '/api/students/tags/rename',
  access: 'students.tags.manage',
  tags: T,
  summary: 'Rename a tag on every record (merging it into the new name when that is a tag already)',
  body: ZRenameTagInput,
  response: ZTagChangeResult,
});
export const removeStudentTag = defineRoute({
  method: 'POST',
  path: '/api/students/tags/remove',
  access: 'students.tags.manage',
  tags: T,
  summary: 'Take a tag off every record',
  body: ZRemoveTagInput,
  response: ZTagChangeResult,
});
export const applyStudentTags = defineRoute({
  method: 'POST',
  path: '/api/students/tags/apply',
  access: 'students.manage',
  tags: T,
  summary: 'Put tags on, or take them off, the chosen records (those the caller may change)',
  body: ZApplyTagsInput,
  response: ZApplyTagsResult,
});
