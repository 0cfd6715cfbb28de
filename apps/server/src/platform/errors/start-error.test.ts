import { ZodError } from 'zod';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config.js';
import { describeStartFailure, StartError } from './start-error.js';

// docs/product/operations.md#starting: every failed start says what is wrong and what to do.
const err = (code: string, message = code) => Object.assign(new Error(message), { code });

describe('a failed start says what is wrong and what to do', () => {
  it('never prints "undefined", whatever was thrown', () => {
    for (const thrown of [undefined, null, 42, new Error('')]) {
      const text = describeStartFailure(thrown, { step: 'starting the embedded database' });
      expect(text).not.toContain('undefined');
      expect(text).toMatch(/^Meridian could not start: .+\nWhat to do: .+/);
    }
  });

  it('names the HTTP port that is taken and a port to use instead', () => {
    const text = describeStartFailure(err('EADDRINUSE'), { step: 'starting the web server', port: 3000 });
    expect(text).toContain('port 3000 is taken');
    expect(text).toContain('PORT=3001 npm start');
  });

  it('tells apart an unreachable database, a wrong password and a missing database, without the password', () => {
    const url = 'postgres://meridian:s3cret@db.campus.edu:5433/isss';
    const unreachable = describeStartFailure(new Error('x', { cause: err('ECONNREFUSED') }), {
      step: 'connecting to the database',
      databaseUrl: url,
    });
    expect(unreachable).toContain('db.campus.edu:5433/isss cannot be reached');
    expect(describeStartFailure(err('28P01'), { step: 'connecting to the database', databaseUrl: url })).toContain(
      'refused the user name or password',
    );
    expect(describeStartFailure(err('3D000'), { step: 'connecting to the database', databaseUrl: url })).toContain('does not exist');
    for (const t of [unreachable]) expect(t).not.toContain('s3cret');
  });

  it('names the setting that is not valid', () => {
    let thrown: unknown;
    try {
      loadConfig({ PORT: 'abc' });
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(ZodError);
    expect(describeStartFailure(thrown, { step: 'reading the settings' })).toContain('PORT:');
  });

  it('passes on what an understood failure says', () => {
    const text = describeStartFailure(new StartError('Port 54329 is taken.', 'EMBEDDED_PG_PORT=54330 npm start'), {
      step: 'starting the embedded database',
    });
    expect(text).toBe('Meridian could not start: Port 54329 is taken.\nWhat to do: EMBEDDED_PG_PORT=54330 npm start');
  });
});

describe('where the portal listens', () => {
  it('listens on localhost with the embedded database and on every interface with DATABASE_URL, unless HOST says', () => {
    expect(loadConfig({}).host).toBe('localhost');
    expect(loadConfig({ DATABASE_URL: 'postgres://db/x' }).host).toBe('0.0.0.0');
    expect(loadConfig({ DATABASE_URL: 'postgres://db/x', HOST: '10.1.2.3' }).host).toBe('10.1.2.3');
  });
});
