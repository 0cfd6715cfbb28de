import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { redactUrl, redactRequest, serializeError } from './redaction.js';

// docs/product/operations.md#logs: the log never carries a person's data.
describe('log redaction', () => {
  it("drops a failed statement's values and PostgreSQL's detail, keeps the SQL, SQLSTATE and constraint", () => {
    const driver = Object.assign(new Error('duplicate key value violates unique constraint "scholars_passport_uq"'), {
      code: '23505',
      constraint: 'scholars_passport_uq',
      detail: 'Key (passport_number)=(X1234567) already exists.',
    });
    const err = new DrizzleQueryError('insert into scholars (passport_number, last_name) values ($1, $2)', ['X1234567', 'Okafor'], driver);
    const logged = JSON.stringify(serializeError(err));
    expect(logged).not.toContain('X1234567');
    expect(logged).not.toContain('Okafor');
    expect(logged).toContain('insert into scholars (passport_number, last_name) values ($1, $2)');
    expect(logged).toContain('params: [redacted]');
    expect(logged).toContain('23505');
    expect(logged).toContain('scholars_passport_uq');
  });

  it('keeps a URL path and its parameter names, not their values (a search for a name)', () => {
    expect(redactUrl('/api/students?q=Nguyen%20Van%20An&title=all')).toBe('/api/students?q=…&title=…');
    expect(redactUrl('/api/health')).toBe('/api/health');
    expect(redactRequest({ method: 'GET', url: '/api/students?q=Okafor', ip: '10.0.0.7' })).toEqual({
      method: 'GET',
      url: '/api/students?q=…',
      remoteAddress: '10.0.0.7',
    });
  });

  it('logs something readable for a thrown non-error without its content', () => {
    expect(serializeError('passport X1234567' as unknown as Error).message).toBe('[redacted string]');
  });
});
