// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { brandingQueryKey, DEFAULT_BRANDING } from '../../../../app/branding';
import { useRequestDataForm } from './use-request-data-form';

// The form's date rules take the office's today from the branding (its time zone): given here, nothing is fetched.
const client = new QueryClient();
client.setQueryData(brandingQueryKey, DEFAULT_BRANDING);
function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

describe('a student request form while its draft is being saved', () => {
  it('counts what was typed after the save was sent as unsaved, so leaving still warns and the next save sends it', () => {
    const { result } = renderHook(() => useRequestDataForm('cpt_request', {}), { wrapper });
    act(() => result.current.setField('employer_name', 'Acme'));
    const sent = result.current.latest.current;
    // The student keeps typing while the save is on its way.
    act(() => result.current.setField('employer_name', 'Acme Robotics'));
    act(() => result.current.markSaved(sent));
    expect(result.current.isDirty).toBe(true);
    act(() => result.current.markSaved(result.current.latest.current));
    expect(result.current.isDirty).toBe(false);
  });
});
