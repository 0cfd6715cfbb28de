import { describe, expect, it } from 'vitest';
import { SYSTEM_EMAILS, systemEmailOf } from '../contracts/messages/email-templates.js';
import { checkMergeTemplate } from '../rules/merge-render.js';
import { AUTOMATED_EMAILS } from './automated-emails.js';

// docs/product/messages.md#system-messages and #automated-e-mail: every automated e-mail sends a system message
// an office may reword, and every default wording uses only tags its kind of record can fill.
describe('the system messages and the automated e-mails', () => {
  it('each automated e-mail names a system message of its own kind of record', () => {
    for (const e of AUTOMATED_EMAILS) {
      expect(systemEmailOf(e.systemKey)?.recordKind, e.key).toBe(e.recordKind);
    }
  });

  it('each system message has its key once, and its default wording passes the check an office edit must pass', () => {
    const keys = SYSTEM_EMAILS.map((m) => m.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const m of SYSTEM_EMAILS) {
      expect(checkMergeTemplate(m.subject, m.recordKind), `${m.key} subject`).toEqual({ unknown: [], notApplicable: [] });
      expect(checkMergeTemplate(m.body, m.recordKind), `${m.key} body`).toEqual({ unknown: [], notApplicable: [] });
    }
  });
});
