import { describe, expect, it } from 'vitest';
import type { workApi } from '@meridian/domain';
import { parseFilters, readSearchParam } from '../../../ui/url-filters';
import { countText, myWorkSections } from './work-links';

const zeroKinds = { opt_filing: 0, stem_filing: 0, program_end: 0, registration: 0, unemployment: 0, stem_report: 0 };
const officer: workApi.TMyWork = {
  today: '2026-05-01',
  weekEnd: '2026-05-07',
  requests: {
    assignedToMe: { count: 3, capped: false },
    unassigned: { count: 1000, capped: true },
    withApprovers: { count: 2, capped: false },
  },
  myApprovals: { count: 1, requestId: '00000000-0000-4000-8000-000000000001' },
  sevis: { held: 4, failed: 1 },
  deadlines: { total: 2, byKind: { ...zeroKinds, program_end: 1, stem_report: 1 } },
  tasks: {
    count: 1,
    items: [
      {
        taskId: '00000000-0000-4000-8000-000000000002',
        title: 'Call the employer',
        dueDate: '2026-05-03',
        requestId: '00000000-0000-4000-8000-000000000003',
        requestNumber: 1042,
        typeName: 'CPT',
        requesterName: 'Priya Sharma',
      },
    ],
  },
};

/** The list a link opens and the filters it opens it with. */
function opens(to: string | null) {
  if (!to) return null;
  const [path, search = ''] = to.split('?');
  return { path, filters: parseFilters(readSearchParam(`?${search}`, 'filters')) };
}
const row = (w: workApi.TMyWork, key: string) =>
  myWorkSections(w)
    .flatMap((s) => s.rows)
    .find((r) => r.key === key);

describe('My work’s numbers and the lists they open', () => {
  it('each request count opens the request list with the filters it was counted with', () => {
    expect(opens(row(officer, 'assigned-to-me')!.to)).toEqual({
      path: '/isss/students-request-list',
      filters: { status: 'submitted,in_review,clarification_requested,adv_review', assigned: 'me' },
    });
    expect(opens(row(officer, 'unassigned')!.to)).toEqual({
      path: '/isss/students-request-list',
      filters: { status: 'submitted,in_review', assigned: 'unassigned' },
    });
    expect(opens(row(officer, 'with-approvers')!.to)?.filters).toEqual({ status: 'adv_review' });
  });

  it('held and refused SEVIS updates open System Errors filtered to their status', () => {
    expect(opens(row(officer, 'held')!.to)).toEqual({ path: '/isss/system-errors', filters: { status: 'held' } });
    expect(opens(row(officer, 'failed')!.to)).toEqual({ path: '/isss/system-errors', filters: { status: 'failed' } });
  });

  it('a deadline count opens the Deadlines panel with its kind, due in the next 7 days', () => {
    expect(opens(row(officer, 'stem_report')!.to)).toEqual({
      path: '/isss/dashboard',
      filters: { deadline: 'stem_report', deadlineWithin: '7' },
    });
  });

  it('one task opens its request', () => {
    expect(row(officer, 'tasks')!.to).toBe('/isss/request/00000000-0000-4000-8000-000000000003');
    expect(row({ ...officer, tasks: { count: 2, items: [] } }, 'tasks')!.to).toBeNull();
  });

  it('a capped count reads "1,000+"', () => {
    expect(countText(row(officer, 'unassigned')!)).toBe('1,000+');
  });

  it('shows only what the viewer may open: no request counts for an assistant who does not process requests', () => {
    const assistant = { ...officer, requests: null, tasks: null };
    const sections = myWorkSections(assistant);
    expect(sections.map((s) => s.key)).toEqual(['approvals', 'sevis', 'deadlines']);
    // Their own approvals are counted, but the request list is not theirs to open.
    expect(row(assistant, 'my-approvals')).toMatchObject({ count: 1, to: null });
    expect(row(assistant, 'tasks')).toBeUndefined();
  });
});
