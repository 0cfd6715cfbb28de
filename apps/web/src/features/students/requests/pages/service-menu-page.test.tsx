// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TSession } from '@meridian/domain';
import { clearSession, setSession } from '../../../../app/session/session-store';
import { ServiceMenuPage } from './service-menu-page';

const TODAY = '2026-05-01';
const type = (code: string, name: string, i: number) => ({
  id: `00000000-0000-4000-8000-0000000000${String(i).padStart(2, '0')}`,
  code,
  name,
  description: `About ${name}`,
  visaScope: 'All',
});
const TYPES = [
  type('cpt_request', 'Curricular Practical Training (CPT)', 1),
  type('opt_request', 'Optional Practical Training (OPT)', 2),
  type('program_extension', 'Program Extension', 3),
  type('complete_program_request', 'Complete Program Early', 4),
  type('registration_request', 'Registration Request', 5),
  type('contact_info_update', 'Contact Information Update', 6),
  type('transfer_out', 'Transfer Out', 7),
];
const request = (n: number) => ({
  id: `10000000-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`,
  number: 1000 + n,
  typeCode: 'contact_info_update',
  typeName: 'Contact Information Update',
  status: 'submitted',
  reviewStatus: 0,
  requesterName: 'Priya Sharma',
  requesterEmail: 'priya@example.edu',
  assignedTo: null,
  isLocked: false,
  submittedAt: `2026-04-${String(n).padStart(2, '0')}T12:00:00.000Z`,
  updatedAt: `2026-04-${String(n).padStart(2, '0')}T12:00:00.000Z`,
});

let programEndDate = '2028-05-15';
let stage = 'continuing';

function answer(url: string): unknown {
  const path = url.split('?')[0];
  if (path === '/api/auth/me')
    return {
      userId: '20000000-0000-4000-8000-000000000001',
      userName: 'student',
      firstName: 'Priya',
      lastName: 'Sharma',
      email: 'priya@example.edu',
      userRole: 'ISSSstudent',
      accountName: 'Demo University',
      staff: null,
      isDepartmentAdmin: false,
      department: null,
      profileId: '30000000-0000-4000-8000-000000000001',
      currentStage: stage,
      scholarId: null,
      scholarApplicationId: null,
      processedState: null,
    };
  if (path === '/api/requests/startable-types') return TYPES;
  if (path === '/api/requests/mine') return [7, 6, 5, 4, 3, 2, 1].map(request);
  if (path === '/api/students/me/documents') return [];
  if (path === '/api/students/me/stage') return { stage, questions: { questions: [], answers: {} }, documents: [] };
  if (path === '/api/students/me/request-context')
    return { today: TODAY, programStartDate: '2024-08-20', programEndDate, sessionEndDate: null, visaType: 'F-1', dependents: [] };
  return {};
}

beforeEach(() => {
  vi.stubGlobal('fetch', (url: string) =>
    Promise.resolve(new Response(JSON.stringify(answer(url)), { status: 200, headers: { 'Content-Type': 'application/json' } })),
  );
  setSession({
    accessToken: 't',
    refreshToken: 'r',
    expiresIn: 900,
    expireOn: Math.floor(Date.now() / 1000) + 900,
    userId: 'u',
    userRole: 'ISSSstudent',
  } as TSession);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearSession();
  programEndDate = '2028-05-15';
  stage = 'continuing';
});

function show() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element: <ServiceMenuPage /> }], { initialEntries: ['/student/student-service-menu/p'] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const groupHeadings = () => screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent?.replace(/\d+ services?$/, '').trim());

describe('the student service menu', () => {
  it('shows My requests first, the latest five with the rest one click away, then the services', async () => {
    show();
    const table = await screen.findByRole('table', { name: 'My requests' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(6)); // header and five
    const sections = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(sections).toEqual(['My requests', 'Request a service', 'My documents']);
    fireEvent.click(screen.getByRole('button', { name: 'Show all 7 requests' }));
    expect(within(table).getAllByRole('row')).toHaveLength(8);
  });

  it('groups the services, the ones relevant to the student’s stage, visa and dates first', async () => {
    // An F-1 student whose program ends in 30 days: OPT can be requested now, the program extended or completed.
    programEndDate = '2026-05-31';
    show();
    await waitFor(() => expect(groupHeadings()[0]).toBe('Suggested for you'));
    expect(groupHeadings()).toEqual([
      'Suggested for you',
      'Enrollment & program',
      'Employment',
      'Personal information',
      'Transfers & status',
    ]);
    const suggested = screen.getByRole('region', { name: /Suggested for you/ });
    expect(within(suggested).getByRole('link', { name: 'Post-completion OPT: Optional Practical Training (OPT)' })).toBeTruthy();
    expect(within(suggested).getByRole('link', { name: 'Start Program Extension' })).toBeTruthy();
    // Listed once: not again in its own group.
    expect(within(screen.getByRole('region', { name: /^Employment/ })).queryByText('Optional Practical Training (OPT)')).toBeNull();
  });

  it('each group opens and closes from its heading, which says how many services it holds', async () => {
    show();
    const heading = await screen.findByRole('button', { name: /^Employment/ });
    expect(heading.textContent).toContain('2 services');
    expect(heading.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(heading);
    expect(heading.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(heading);
    expect(heading.getAttribute('aria-expanded')).toBe('true');
  });

  it('on a phone only the first group is open, so the page is a short list of headings', async () => {
    const viewport = (window as unknown as { happyDOM: { setViewport: (v: { width: number; height: number }) => void } }).happyDOM;
    viewport.setViewport({ width: 390, height: 844 });
    try {
      show();
      await screen.findByRole('button', { name: /^Employment/ });
      const groups = screen.getAllByRole('heading', { level: 3 }).map((h) => within(h).getByRole('button'));
      expect(groups.map((b) => b.getAttribute('aria-expanded'))).toEqual(['true', 'false', 'false', 'false']);
    } finally {
      viewport.setViewport({ width: 1024, height: 768 });
    }
  });
});
