import { describe, expect, it } from 'vitest';
import { MERGE_RECORD_KINDS, MERGE_TAG_GROUPS, MERGE_TAGS, mergeTagsFor } from '../catalog/merge-tags.js';
import { checkMergeTemplate, exampleMergeValues, mergeCheckMessage, renderMergeHtml, renderMergeText, tagsIn } from './merge-render.js';

describe('the merge-tag catalogue', () => {
  it('has each key once, every group of the office used, and at least one tag for every kind of record', () => {
    const keys = MERGE_TAGS.map((t) => t.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const g of MERGE_TAG_GROUPS) expect(MERGE_TAGS.some((t) => t.group === g)).toBe(true);
    for (const k of MERGE_RECORD_KINDS) expect(mergeTagsFor(k).length).toBeGreaterThan(3);
  });

  it('every key is a tag the renderer fills, and every example is plain text', () => {
    for (const t of MERGE_TAGS) {
      expect(renderMergeText(`{{${t.key}}}`, { [t.key]: 'X' })).toBe('X');
      expect(t.example).not.toMatch(/[<>{}]/);
    }
  });
});

describe('checking a template when it is saved', () => {
  it('names unknown tags and tags the kind of record cannot fill', () => {
    const check = checkMergeTemplate(
      'Dear {{student.firstName}}, {{ student.shoeSize }} {{scholar.position}} {{general.today}}',
      'student',
    );
    expect(check).toEqual({ unknown: ['student.shoeSize'], notApplicable: ['scholar.position'] });
    expect(mergeCheckMessage(check)).toBe(
      'Unknown merge tag: {{student.shoeSize}}. Not available for this kind of record: {{scholar.position}}.',
    );
  });

  it('refuses template code and expressions between braces as unknown tags', () => {
    expect(checkMergeTemplate('{{#if x}}yes{{/if}} {{ 7*7 }} {{constructor.constructor}}', 'student').unknown).toEqual([
      '#if x',
      '/if',
      '7*7',
      'constructor.constructor',
    ]);
  });

  it('passes a template that uses only what its kind can fill', () => {
    expect(mergeCheckMessage(checkMergeTemplate('Hello {{ student.fullName }}', 'exchangeVisitor'))).toBeNull();
    expect(tagsIn('{{a.b}} {{ a.b }} {{c.d}}')).toEqual(['a.b', 'c.d']);
  });
});

describe('rendering', () => {
  it('fills tags once: a value holding a tag or markup stays as written in text, and is inert in HTML', () => {
    const values = {
      'student.firstName': '<script>alert(1)</script>',
      'student.lastName': '{{general.officeEmail}}',
      'general.officeEmail': 'x@y',
    };
    expect(renderMergeText('{{student.firstName}} {{student.lastName}}', values)).toBe('<script>alert(1)</script> {{general.officeEmail}}');
    expect(renderMergeHtml('<p>{{student.firstName}} {{ student.lastName }}</p>', values)).toBe(
      '<p>&lt;script&gt;alert(1)&lt;/script&gt; {{general.officeEmail}}</p>',
    );
  });

  it('leaves a tag without a value empty and never reads inherited properties', () => {
    expect(renderMergeText('[{{student.sevisId}}][{{toString}}][{{__proto__}}]', {})).toBe('[][][{{__proto__}}]');
  });

  it('has examples for previews', () => {
    expect(renderMergeText('{{student.fullName}}', exampleMergeValues('student'))).toBe('Ana Luísa Silva');
    expect(exampleMergeValues('scholarCase')['student.fullName']).toBeUndefined();
  });
});
