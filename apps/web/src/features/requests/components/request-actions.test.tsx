// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DECISION_MSG, type TRequestDetail, type TSession } from '@meridian/domain';
import { FAILURE_MSG } from '../../../app/errors/failure';
import { clearSession, setSession } from '../../../app/session/session-store';

const notify = vi.hoisted(() => ({ toast: vi.fn(), snack: vi.fn() }));
vi.mock('../../../ui/notify', () => notify);
const { RequestActions } = await import('./request-actions');

const ID = '00000000-0000-4000-8000-000000000042';
const priya = { userId: '00000000-0000-4000-8000-000000000001', name: 'Priya Sharma', email: 'priya@demo.example.edu' };
const request = (o: Partial<TRequestDetail> = {}): TRequestDetail => ({
  id: ID,
  number: 1042,
  typeCode: 'cpt_request',
  typeName: 'Curricular Practical Training (CPT)',
  status: 'in_review',
  reviewStatus: 0,
  requesterName: 'Priya Sharma',
  requesterEmail: priya.email,
  subjectName: 'Priya Sharma',
  subjectEmail: priya.email,
  case: null,
  assignedTo: null,
  isLocked: false,
  submittedAt: '2027-03-01T15:00:00.000Z',
  updatedAt: '2027-03-01T15:00:00.000Z',
  requestTypeId: '00000000-0000-4000-8000-000000000002',
  requester: priya,
  advisor: { userId: '00000000-0000-4000-8000-000000000003', name: 'Alex Advisor', email: 'advisor@demo.example.edu' },
  campusSiteId: 1,
  campusSiteName: 'Main Campus',
  departmentName: null,
  statusMessage: '',
  decidedAt: null,
  createdAt: '2027-03-01T15:00:00.000Z',
  questionnaireIds: [],
  documentIds: [],
  allowedActions: ['request_clarification', 'send_to_approver', 'approve', 'awaiting_adjudication', 'dismiss', 'reject'],
  approverCheck: { required: true, approved: true, steps: ['Faculty advisor'] },
  canEdit: false,
  canProcess: true,
  approvals: [],
  profileId: '00000000-0000-4000-8000-000000000004',
  data: {},
  ...o,
});

let sent: Record<string, unknown>[] = [];
let answer: () => Promise<Response> = () => Promise.resolve(new Response('{}', { status: 200 }));

beforeEach(() => {
  sent = [];
  vi.stubGlobal('fetch', (_url: string, init?: RequestInit) => {
    sent.push(JSON.parse((init?.body as string) ?? '{}') as Record<string, unknown>);
    return answer();
  });
  setSession({
    accessToken: 't',
    refreshToken: 'r',
    expiresIn: 900,
    expireOn: Math.floor(Date.now() / 1000) + 900,
    userId: 'u',
    userRole: 'isssAdmin',
  } as TSession);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearSession();
  notify.toast.mockReset();
  notify.snack.mockReset();
});

function renderActions(r: TRequestDetail) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RequestActions request={r} />
    </QueryClientProvider>,
  );
}
const actionButton = (name: string) => within(screen.getByRole('group', { name: 'Request actions' })).getByRole('button', { name });

describe('a decision is confirmed first, naming the record, the person and the effect', () => {
  it('Approve asks before anything is sent, says what happens to her record, and takes an optional comment', async () => {
    answer = () => Promise.resolve(new Response(JSON.stringify(request({ status: 'approved' })), { status: 200 }));
    renderActions(request());
    fireEvent.click(actionButton('Approve'));
    const dialog = screen.getByRole('dialog');
    expect(sent).toEqual([]);
    expect(within(dialog).getByText("Approve Priya Sharma's Curricular Practical Training (CPT) request #1042?")).toBeTruthy();
    expect(
      within(dialog).getByText("The CPT authorization is added to Priya Sharma's record and a SEVIS update (CPT employment) is queued."),
    ).toBeTruthy();
    expect(within(dialog).getByText('Priya Sharma is told by e-mail.')).toBeTruthy();
    // The approvers have approved: no override is asked.
    expect(within(dialog).queryByLabelText(/Reason for approving/)).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('Comment (optional)'), { target: { value: 'Congratulations.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await vi.waitFor(() => expect(notify.snack).toHaveBeenCalledWith('Approved. The requester was told.', 'success'));
    expect(sent).toEqual([{ action: 'approve', message: 'Congratulations.' }]);
  });

  it('Cancel sends nothing', () => {
    renderActions(request());
    fireEvent.click(actionButton('Dismiss'));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(sent).toEqual([]);
  });

  it('before the approvers, Approve is an override: the reason is required and sent with the approval', async () => {
    answer = () => Promise.resolve(new Response(JSON.stringify(request({ status: 'approved' })), { status: 200 }));
    renderActions(request({ status: 'adv_review', approverCheck: { required: true, approved: false, steps: ['Faculty advisor'] } }));
    expect(screen.getByText(/The approvers decide first \(Faculty advisor\)/)).toBeTruthy();
    fireEvent.click(actionButton('Approve (override)'));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('The approvers still asked are no longer needed: their links stop working.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve with override' }));
    expect(within(dialog).getByText(DECISION_MSG.overrideReasonRequired)).toBeTruthy();
    expect(sent).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText(/Reason for approving before the approvers/), {
      target: { value: 'The advisor is on leave; confirmed by phone.' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve with override' }));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ action: 'approve', message: '', overrideReason: 'The advisor is on leave; confirmed by phone.' });
  });

  it("the server's refusal is said once, in the dialog, which keeps what was typed", async () => {
    answer = () =>
      Promise.resolve(
        new Response(
          JSON.stringify({
            code: 'APPROVERS_FIRST',
            message: DECISION_MSG.approversFirst(1042, ['Faculty advisor'], false),
            fieldErrors: { overrideReason: [DECISION_MSG.overrideReasonRequired] },
          }),
          { status: 409 },
        ),
      );
    // The page thought the approvers had approved (it was stale): the override is asked for now.
    renderActions(request());
    fireEvent.click(actionButton('Approve'));
    const dialog = screen.getByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Comment (optional)'), { target: { value: 'Well done.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await within(dialog).findByText(DECISION_MSG.approversFirst(1042, ['Faculty advisor'], false));
    expect(within(dialog).getByLabelText(/Reason for approving before the approvers/)).toBeTruthy();
    expect(within(dialog).getByLabelText<HTMLTextAreaElement>('Comment (optional)').value).toBe('Well done.');
    expect(notify.toast).not.toHaveBeenCalled();
    expect(notify.snack).not.toHaveBeenCalled();
  });

  it('offline: one clear message in the dialog, no toast besides, and the reason kept for another try', async () => {
    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    renderActions(request());
    fireEvent.click(actionButton('Reject'));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText("Reject Priya Sharma's Curricular Practical Training (CPT) request #1042?")).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/Reason \(sent to the requester\)/), { target: { value: 'Not eligible yet.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await within(dialog).findByText(FAILURE_MSG.offline);
    expect(screen.getAllByText(FAILURE_MSG.offline)).toHaveLength(1);
    expect(notify.toast).not.toHaveBeenCalled();
    expect(within(dialog).getByLabelText<HTMLTextAreaElement>(/Reason \(sent to the requester\)/).value).toBe('Not eligible yet.');
  });

  it('Start review stays one click: it only marks the office at work', async () => {
    answer = () => Promise.resolve(new Response(JSON.stringify(request({ status: 'in_review' })), { status: 200 }));
    renderActions(request({ status: 'submitted', allowedActions: ['start_review', 'approve', 'dismiss', 'reject'] }));
    fireEvent.click(actionButton('Start review'));
    expect(screen.queryByRole('dialog')).toBeNull();
    await vi.waitFor(() => expect(sent).toEqual([{ action: 'start_review', message: '' }]));
  });
});
