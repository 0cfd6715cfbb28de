import { formsApi, type TItemType, type TQuestionnaireContent, type TQuestionnaireFolder, type TQuestionnaireItem } from '@meridian/domain';

export interface TDraft {
  name: string;
  description: string;
  programType: (typeof formsApi.PROGRAM_TYPES)[number];
  isConditional: boolean;
  content: TQuestionnaireContent;
}

/** A v4 uuid; crypto.randomUUID exists only on secure origins, offices also use plain http internally. */
export function uuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export const newFolder = (n: number): TQuestionnaireFolder => ({ id: uuid(), name: `Section ${n}`, ordinal: n, items: [] });

export function newItem(type: TItemType): TQuestionnaireItem {
  const options = formsApi.OPTION_TYPES.includes(type)
    ? [
        { value: 'Option 1', label: 'Option 1' },
        { value: 'Option 2', label: 'Option 2' },
      ]
    : [];
  return {
    id: uuid(),
    text: '',
    type,
    datatype: 'TEXT',
    required: false,
    instructions: '',
    lookupSetId: null,
    options,
    ordinal: 0,
    showsQuestionnaire: null,
  };
}

export function move<T>(list: T[], index: number, delta: -1 | 1): T[] {
  const to = index + delta;
  if (to < 0 || to >= list.length) return list;
  const out = [...list];
  [out[index], out[to]] = [out[to]!, out[index]!];
  return out;
}

/** Client check with the contract's schema: messages keyed like the server's (content.folders.0.items.1.text). */
export function validateDraft(d: TDraft): Record<string, string> {
  const errors: Record<string, string> = {};
  const r = formsApi.ZSaveQuestionnaireInput.safeParse(d);
  if (!r.success) for (const i of r.error.issues) errors[i.path.join('.')] ??= i.message;
  d.content.folders.forEach((f, fi) =>
    f.items.forEach((it, ii) => {
      if (formsApi.OPTION_TYPES.includes(it.type) && !it.lookupSetId && it.options.length === 0) {
        errors[`content.folders.${fi}.items.${ii}.options`] ??= 'Add at least one option or choose a lookup set.';
      }
    }),
  );
  return errors;
}

/** The errors of one item, keyed relative to it (text, options.0.label, ...). */
export function itemErrors(errors: Record<string, string>, fi: number, ii: number): Record<string, string> {
  const prefix = `content.folders.${fi}.items.${ii}.`;
  return Object.fromEntries(
    Object.entries(errors)
      .filter(([k]) => k.startsWith(prefix))
      .map(([k, v]) => [k.slice(prefix.length), v]),
  );
}

/** What the answering form shows for a draft: lookup sets resolved to their options. */
export function previewContent(content: TQuestionnaireContent, sets: formsApi.TLookupSet[]): TQuestionnaireContent {
  return {
    folders: content.folders.map((f) => ({
      ...f,
      items: f.items.map((i) => (i.lookupSetId ? { ...i, options: sets.find((s) => s.id === i.lookupSetId)?.options ?? [] } : i)),
    })),
  };
}
