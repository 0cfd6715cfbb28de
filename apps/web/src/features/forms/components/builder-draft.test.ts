import { describe, expect, it } from 'vitest';
import { itemErrors, move, newFolder, newItem, previewContent, uuid, validateDraft, type TDraft } from './builder-draft';

const draft = (over: Partial<TDraft> = {}): TDraft => ({
  name: 'Q',
  description: '',
  programType: 'EB Scholars',
  isConditional: false,
  content: { folders: [] },
  ...over,
});

describe('the builder draft', () => {
  it('makes v4 ids the server accepts', () => {
    expect(uuid()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('reports messages keyed like the server (content.folders.0.items.1.text) before saving', () => {
    const f = newFolder(1);
    const sel = { ...newItem('SELCT'), text: 'Pick', options: [] };
    f.items = [{ ...newItem('SHORT'), text: 'Fine' }, { ...newItem('SHORT'), text: '' }, sel];
    const errors = validateDraft(draft({ name: '', content: { folders: [f] } }));
    expect(errors).toEqual({
      name: 'Required field',
      'content.folders.0.items.1.text': 'Required field',
      'content.folders.0.items.2.options': 'Add at least one option or choose a lookup set.',
    });
    expect(itemErrors(errors, 0, 2)).toEqual({ options: 'Add at least one option or choose a lookup set.' });
    expect(validateDraft(draft({ content: { folders: [{ ...f, items: [f.items[0]!] }] } }))).toEqual({});
  });

  it('moves within bounds only, and previews lookup-set options', () => {
    expect(move([1, 2, 3], 0, 1)).toEqual([2, 1, 3]);
    expect(move([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
    const item = { ...newItem('SELCT'), lookupSetId: 'set-1', options: [] };
    const content = previewContent({ folders: [{ ...newFolder(1), items: [item] }] }, [
      { id: 'set-1', name: 'S', options: [{ value: 'a', label: 'A' }] },
    ]);
    expect(content.folders[0]!.items[0]!.options).toEqual([{ value: 'a', label: 'A' }]);
  });
});
