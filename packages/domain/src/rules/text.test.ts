import { describe, expect, it } from 'vitest';
import { textOf } from './text.js';

describe('textOf', () => {
  it('keeps strings, spells out numbers and booleans, and empties everything else', () => {
    expect(textOf(' N0012345678 ')).toBe(' N0012345678 ');
    expect(textOf(0)).toBe('0');
    expect(textOf(12.5)).toBe('12.5');
    expect(textOf(false)).toBe('false');
    expect(textOf(null)).toBe('');
    expect(textOf(undefined)).toBe('');
    expect(textOf({ '#text': 'x' })).toBe('');
    expect(textOf(['a'])).toBe('');
  });
});
