import { describe, expect, it } from 'vitest';
import { compactForm, setAtPath } from './use-application-form';

describe('application form values', () => {
  it('sets a value deep in lists without touching the rest', () => {
    const data = { firstName: 'Hiro', dependents: [{ firstName: 'Yui', benefits: [{ name: 'Health' }] }] };
    const next = setAtPath(data, 'dependents.0.benefits.0.name'.split('.'), 'Dental') as typeof data;
    expect(next).toEqual({ firstName: 'Hiro', dependents: [{ firstName: 'Yui', benefits: [{ name: 'Dental' }] }] });
    expect(data.dependents[0]!.benefits[0]!.name).toBe('Health');
    expect(setAtPath({}, ['tripsOutsideUs', '0', 'departureDate'], '2022-01-01')).toEqual({
      tripsOutsideUs: [{ departureDate: '2022-01-01' }],
    });
  });
  it('drops empty values (an emptied field is cleared on save) but keeps false answers and list entries', () => {
    expect(compactForm({ a: '', b: null, c: false, d: [{ x: '', y: 'y' }], e: 'e' })).toEqual({ c: false, d: [{ y: 'y' }], e: 'e' });
  });
});
