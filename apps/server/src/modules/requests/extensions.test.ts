import { describe, expect, it } from 'vitest';
import { kindOf, registerRequestKind, registerSubmitCheck, runSubmitChecks } from './extensions.js';

// The extension points are module-level registries filled once per process by the composition root;
// the tests build many apps in one process, so registering again must replace, never add.
describe('case engine extension points', () => {
  it('find the kind that owns a request type; registering a kind again replaces it', async () => {
    const seen: string[] = [];
    const kind = (tag: string) => ({
      name: 'test-kind',
      owns: (code: string) => code === 'test_type',
      onApprovalOutcome: () => {
        seen.push(tag);
        return Promise.resolve();
      },
    });
    registerRequestKind(kind('first'));
    registerRequestKind(kind('second'));
    expect(kindOf('another_type')).toBeNull();
    await kindOf('test_type')?.onApprovalOutcome?.({} as never, {} as never, {} as never);
    expect(seen).toEqual(['second']);
  });

  it('run every submit check once and merge their field errors', async () => {
    registerSubmitCheck('test-a', () => Promise.resolve({ a: ['A'] }));
    registerSubmitCheck('test-a', () => Promise.resolve({ a: ['A again'] }));
    registerSubmitCheck('test-b', () => Promise.resolve({ b: ['B'] }));
    const errors = await runSubmitChecks({} as never, {} as never, {} as never);
    expect(errors).toMatchObject({ a: ['A again'], b: ['B'] });
  });
});
