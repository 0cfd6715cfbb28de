import { describe, expect, it } from 'vitest';
import { JOB_FIRST_POLL_MS, JOB_POLL_MS, jobPollMs } from './index';

describe('how often the browser looks at a running job', () => {
  it('looks four times a second for about its first ten seconds, then every 0.7 s', () => {
    let elapsed = 0;
    let polls = 0;
    while (jobPollMs(polls) === JOB_FIRST_POLL_MS) elapsed += jobPollMs(polls++);
    expect(JOB_FIRST_POLL_MS).toBe(250);
    expect(elapsed).toBe(10_000);
    expect(jobPollMs(polls)).toBe(JOB_POLL_MS);
    expect(jobPollMs(10_000)).toBe(700);
  });
});
