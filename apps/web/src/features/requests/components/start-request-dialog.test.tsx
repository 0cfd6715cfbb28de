// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../app/http/api-error';
import { StartRequestDialog } from './start-request-dialog';

afterEach(cleanup);

const TYPES = [
  { id: 't1', name: 'Terminate SEVIS Record', description: 'The office ends the record.', office: true },
  { id: 't2', name: 'Address Change', description: null, office: false },
];

function renderDialog(mutate: (id: string, o: { onSuccess: (r: { number: number }) => void; onError: (e: unknown) => void }) => void) {
  const onStarted = vi.fn();
  render(
    <StartRequestDialog
      open
      onClose={() => {}}
      subjectName="Ana Lima"
      types={{ data: TYPES, isError: false, isPending: false }}
      start={{ mutate, isPending: false }}
      effects={(chosen) => [chosen?.office ? 'Your draft.' : "A draft in the student's portal."]}
      empty="None."
      helper="Invite the student for the others."
      optionNote={(t) => (t.office ? null : 'needs a portal account')}
      onStarted={onStarted}
    />,
  );
  return onStarted;
}

// Staff start a request about a student or a scholar (docs/product/students-requests.md, docs/product/scholars-office.md).
describe('StartRequestDialog', () => {
  it('asks for a type, offers only those that can be started here, and starts the chosen one', () => {
    const mutate = vi.fn((_id: string, o: { onSuccess: (r: { number: number }) => void }) => o.onSuccess({ number: 12 }));
    const onStarted = renderDialog(mutate);
    fireEvent.click(screen.getByRole('button', { name: 'Start request' }));
    expect(screen.getByText('Required field')).toBeTruthy();
    expect(mutate).not.toHaveBeenCalled();
    expect(screen.getByText('Which request do you want to start for Ana Lima?')).toBeTruthy();

    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Request type/ }));
    const options = within(screen.getByRole('listbox'));
    expect(options.getByRole('option', { name: 'Address Change (needs a portal account)' }).getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(options.getByRole('option', { name: 'Terminate SEVIS Record' }));
    expect(screen.getByText('Start a Terminate SEVIS Record request for Ana Lima?')).toBeTruthy();
    expect(screen.getByText('The office ends the record.')).toBeTruthy();
    expect(screen.getByText('Your draft.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Start request' }));
    expect(mutate).toHaveBeenCalledWith('t1', expect.anything());
    expect(onStarted).toHaveBeenCalledWith({ number: 12 }, expect.objectContaining({ id: 't1' }));
  });

  it("shows the server's refusal of the type on the field", () => {
    const refusal = new ApiError(400, {
      code: 'VALIDATION',
      message: 'Please correct the fields marked.',
      fieldErrors: { requestTypeId: ['This type needs a portal account.'] },
    });
    renderDialog((_id, o) => o.onError(refusal));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Request type/ }));
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Terminate SEVIS Record' }));
    fireEvent.click(screen.getByRole('button', { name: 'Start request' }));
    expect(screen.getByText('This type needs a portal account.')).toBeTruthy();
  });
});
