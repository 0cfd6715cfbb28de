import { describe, expect, it } from 'vitest';
import {
  addressDateToIso,
  addressDateToTyped,
  parseFilters,
  readSearchParam,
  serializeFilters,
  typedDateToAddress,
  writeSearchParam,
} from './url-filters';

describe('url filters', () => {
  it('reads name:value pairs joined by ;', () => {
    expect(parseFilters('q:smith;status:all')).toEqual({ q: 'smith', status: 'all' });
  });
  it('drops empty values and defaults when writing', () => {
    expect(serializeFilters({ q: '', status: 'all', sort: 'lastName' }, { sort: 'lastName' })).toBe('status:all');
  });
  it('round-trips values that contain the separators', () => {
    const s = serializeFilters({ q: 'a;b:c d' });
    expect(parseFilters(s)).toEqual({ q: 'a;b:c d' });
  });
  it('keeps other query parameters', () => {
    expect(writeSearchParam('?tab=2&filters=q:x', 'filters', 'q:y')).toBe('?tab=2&filters=q:y');
    expect(writeSearchParam('?filters=q:x', 'filters', '')).toBe('');
    expect(readSearchParam('?a=1&filters=q:smith;status:all', 'filters')).toBe('q:smith;status:all');
  });
  it('keeps dates as MM-DD-YYYY in the address', () => {
    expect(typedDateToAddress('02/29/2024')).toBe('02-29-2024');
    expect(typedDateToAddress('02/30/2024')).toBeNull();
    expect(addressDateToIso('02-29-2024')).toBe('2024-02-29');
    expect(addressDateToIso('2024-02-29')).toBeUndefined();
    expect(addressDateToTyped('02-29-2024')).toBe('02/29/2024');
  });
});
