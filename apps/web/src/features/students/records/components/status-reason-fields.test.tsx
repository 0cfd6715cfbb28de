// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import type { lookupsApi, studentsApi, TLookupKey } from '@meridian/domain';
import { brandingQueryKey, DEFAULT_BRANDING } from '../../../../app/branding';
import { seedLookupLists } from '../../../lookups/api/lookups';
import { HeldEventForm } from './held-event-form';
import { statusReasonFields } from './record-fields';
import { FieldInputs } from './record-section';

afterEach(cleanup);

// docs/product/lookups.md#how-forms-use-the-lists: ending a record asks SEVIS's reason from the office's list, in its
// order and words; an F-1 record is offered the reasons of the F-1 column, and a retired reason is not offered.
const termination: lookupsApi.TLookupChoice[] = [
  { code: '16', label: 'Failing to maintain status', attributes: { f1: 'Y', m1: 'Y' }, state: 'active' },
  { code: '01', label: 'Unauthorized withdrawal', attributes: { f1: 'Y', m1: 'Y' }, state: 'active' },
  { code: '14', label: 'Denied transfer', attributes: { f1: 'N', m1: 'Y' }, state: 'active' },
  { code: '09', label: 'Suspension', attributes: { f1: 'Y', m1: 'Y' }, state: 'retired' },
];
const cancellation: lookupsApi.TLookupChoice[] = [{ code: '05', label: 'Created in error', attributes: {}, state: 'active' }];

function clientWith(lists: Partial<Record<TLookupKey, lookupsApi.TLookupChoice[]>>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(brandingQueryKey, DEFAULT_BRANDING);
  seedLookupLists(client, lists);
  return client;
}
const optionsOf = (name: RegExp) => {
  fireEvent.mouseDown(screen.getByRole('combobox', { name }));
  return within(screen.getByRole('listbox'))
    .getAllByRole('option')
    .map((o) => o.textContent);
};

function StatusForm({ status }: { status: string }) {
  const form = useForm<Record<string, unknown>>({ defaultValues: { sevisStatus: status, sevisStatusReasonCode: '' } });
  return <FieldInputs form={form} fields={statusReasonFields('F-1', 'Active')} />;
}

describe('the SEVIS reason of a status change', () => {
  it('Terminated offers the office’s termination reasons of the F-1 column, in its order and words', () => {
    render(
      <QueryClientProvider client={clientWith({ 'student-termination-reasons': termination })}>
        <StatusForm status="Terminated" />
      </QueryClientProvider>,
    );
    expect(optionsOf(/SEVIS reason/)).toEqual(['Not selected', 'Failing to maintain status (16)', 'Unauthorized withdrawal (01)']);
  });

  it('Canceled offers the office’s cancellation reasons', () => {
    render(
      <QueryClientProvider client={clientWith({ 'student-cancellation-reasons': cancellation })}>
        <StatusForm status="Canceled" />
      </QueryClientProvider>,
    );
    expect(optionsOf(/SEVIS reason/)).toEqual(['Not selected', 'Created in error (05)']);
  });

  it('a held Status/Terminate update is completed with a reason of the same list', () => {
    const event: studentsApi.TSevisEvent = {
      id: 'e1',
      eventType: 'Status',
      action: 'Terminate',
      status: 'held',
      message: 'The SEVIS reason is missing.',
      resultCode: '',
      payload: {},
      dependentId: null,
      requestId: null,
      createdAt: '2026-11-01T00:00:00.000Z',
      updatedAt: '2026-11-01T00:00:00.000Z',
    };
    render(
      <QueryClientProvider client={clientWith({ 'student-termination-reasons': termination })}>
        <HeldEventForm profileId="p1" visaType="F-1" event={event} />
      </QueryClientProvider>,
    );
    expect(optionsOf(/SEVIS reason/)).toEqual(['Not selected', 'Failing to maintain status (16)', 'Unauthorized withdrawal (01)']);
  });
});
