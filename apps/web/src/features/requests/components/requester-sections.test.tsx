// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { TRequestDetail } from '@meridian/domain';
import { RequesterStatusAlerts } from './requester-sections';

afterEach(cleanup);

// Only the fields the alerts read; the rest of a request detail does not matter here.
const request = (status: string, statusMessage: string | null = null, steps: string[] = []) =>
  ({ status, statusMessage, approverCheck: { steps } }) as unknown as TRequestDetail;

// Every requester's page (the generic one, a student's request form, a scholar request) tells where the request
// stands in the same words (docs/product/requests.md).
describe('RequesterStatusAlerts', () => {
  it('tells a requester who has it now: the approvers named in order, then the office', () => {
    render(<RequesterStatusAlerts request={request('adv_review', null, ['Faculty advisor', 'Department chair'])} />);
    expect(screen.getByText('With your approvers')).toBeTruthy();
    expect(
      screen.getByText(/is with its approvers \(Faculty advisor, then Department chair\); the office decides after them\./),
    ).toBeTruthy();
    cleanup();
    render(<RequesterStatusAlerts request={request('in_review', 'We are checking your I-20.')} />);
    expect(screen.getByText('With the office')).toBeTruthy();
    expect(screen.getByText(/Your request has been submitted and is with the office\./)).toBeTruthy();
    expect(screen.getByText(/Message from the office: We are checking your I-20\./)).toBeTruthy();
  });

  it("says what the office asks or decided, with the office's own message where it gave one", () => {
    render(<RequesterStatusAlerts request={request('clarification_requested', 'Upload the signed offer letter.')} />);
    expect(screen.getByText('The office asks for clarification')).toBeTruthy();
    expect(screen.getByText(/Upload the signed offer letter\./)).toBeTruthy();
    cleanup();
    render(<RequesterStatusAlerts request={request('rejected')} />);
    expect(screen.getByText('Your request was rejected')).toBeTruthy();
    expect(screen.getByText('Please contact the office for details.')).toBeTruthy();
    cleanup();
    render(
      <RequesterStatusAlerts request={request('completed')} approved="The office approved this request: the case shows the change." />,
    );
    expect(screen.getByText('The office approved this request: the case shows the change.')).toBeTruthy();
  });

  it('says nothing on a draft', () => {
    const { container } = render(<RequesterStatusAlerts request={request('draft')} />);
    expect(container.textContent).toBe('');
  });
});
