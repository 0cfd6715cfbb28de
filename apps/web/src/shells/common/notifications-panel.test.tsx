// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TNotification, TSession } from '@meridian/domain';
import { brandingQueryKey, DEFAULT_BRANDING } from '../../app/branding';
import { clearSession, setSession } from '../../app/session/session-store';
import { NotificationsPanel } from './notifications-panel';

// The bell's days and times are the office's (docs/product/notifications.md#the-panel): here the office
// is in Los Angeles and the reader's browser runs in UTC. 2028 is a leap year: 23:30 on Feb 29 in
// Los Angeles (PST) is 07:30 UTC on Mar 1.
const savedTz = process.env.TZ;
let sent: { url: string; body: unknown }[] = [];

const REQUEST_ID = '00000000-0000-4000-8000-0000000000aa';
const notice = (id: string, text: string, createdAt: string, about: Partial<TNotification> = {}): TNotification => ({
  id,
  text,
  typeName: 'request.test',
  requestId: null,
  scholarId: null,
  scholarApplicationId: null,
  profileId: null,
  isRead: false,
  createdAt,
  ...about,
});
const ITEMS = [
  notice('00000000-0000-4000-8000-000000000001', 'Your request was submitted', '2028-03-01T07:30:00.000Z', { requestId: REQUEST_ID }),
  notice('00000000-0000-4000-8000-000000000002', 'A document was rejected', '2028-02-29T17:05:00.000Z'),
  notice('00000000-0000-4000-8000-000000000003', 'Your CPT request was assigned', '2028-02-29T07:30:00.000Z'),
];

beforeEach(() => {
  process.env.TZ = 'UTC';
  sent = [];
  vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
    if (init?.method === 'POST') sent.push({ url, body: JSON.parse(init.body as string) });
    const answer = url.startsWith('/api/notifications?')
      ? { items: ITEMS, total: ITEMS.length, totalUnread: ITEMS.length }
      : { updated: 2 };
    return Promise.resolve(new Response(JSON.stringify(answer), { status: 200, headers: { 'Content-Type': 'application/json' } }));
  });
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
  vi.useRealTimers();
  vi.unstubAllGlobals();
  clearSession();
});
afterAll(() => {
  if (savedTz === undefined) delete process.env.TZ;
  else process.env.TZ = savedTz;
});

function openPanelAt(now: string, onClose: () => void = () => undefined) {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(now) });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(brandingQueryKey, { ...DEFAULT_BRANDING, timeZone: 'America/Los_Angeles' });
  const router = createMemoryRouter([
    { path: '/', element: <NotificationsPanel open onClose={onClose} /> },
    { path: '/student/request-edit/:requestId', element: <p>The request page</p> },
  ]);
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('NotificationsPanel', () => {
  it('at 23:45 office time a notice of 23:30 is Today with its office time, though UTC is on Mar 1', async () => {
    openPanelAt('2028-03-01T07:45:00.000Z');
    const today = await screen.findByRole('list', { name: 'Today' });
    expect(within(today).getByText('Your request was submitted')).toBeTruthy();
    expect(within(today).getByText('23:30 PST')).toBeTruthy();
    expect(within(today).getByText('09:05 PST')).toBeTruthy();
    const yesterday = screen.getByRole('list', { name: 'Yesterday' });
    expect(within(yesterday).getByText('Your CPT request was assigned')).toBeTruthy();
    expect(within(yesterday).getByText('23:30 PST')).toBeTruthy();
  });

  it("after the office's midnight the same notices move a day back", async () => {
    openPanelAt('2028-03-01T08:15:00.000Z');
    const yesterday = await screen.findByRole('list', { name: 'Yesterday' });
    expect(within(yesterday).getByText('Your request was submitted')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: '02/28/2028' })).getByText('Your CPT request was assigned')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Today' })).toBeNull();
  });

  it("'Mark day as read' sends the bounds of the office's day, not the reader's", async () => {
    openPanelAt('2028-03-01T07:45:00.000Z');
    const today = await screen.findByRole('list', { name: 'Today' });
    fireEvent.click(within(today).getByRole('button', { name: 'Mark day as read' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      url: '/api/notifications/read-range',
      body: { start: '2028-02-29T08:00:00.000Z', end: '2028-03-01T08:00:00.000Z' },
    });
  });

  it('a notice about a request is a link to it: following it marks it read, closes the panel and opens the request', async () => {
    const onClose = vi.fn();
    const router = openPanelAt('2028-03-01T07:45:00.000Z', onClose);
    const link = await screen.findByRole('link', { name: /Your request was submitted/ });
    expect(link.getAttribute('href')).toBe(`/student/request-edit/${REQUEST_ID}`);
    fireEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/student/request-edit/${REQUEST_ID}`));
    expect(onClose).toHaveBeenCalled();
    await waitFor(() => expect(sent).toContainEqual({ url: '/api/notifications/read', body: { ids: [ITEMS[0]!.id] } }));
  });

  it('a notice about nothing to open (an older one) is shown as text, not as a link', async () => {
    openPanelAt('2028-03-01T07:45:00.000Z');
    await screen.findByText('A document was rejected');
    expect(screen.queryByRole('link', { name: /A document was rejected/ })).toBeNull();
    expect(screen.getAllByRole('link')).toHaveLength(1);
  });

  it("a notice's words and its buttons sit side by side in the row, so the text never runs under the buttons", async () => {
    openPanelAt('2028-03-01T07:45:00.000Z');
    const link = await screen.findByRole('link', { name: /Your request was submitted/ });
    const row = link.closest('li')!;
    const actions = row.querySelector('[data-notification-actions]')!;
    // The buttons are the row's own last part, not laid over the text (MUI's secondary action is
    // positioned absolutely over the row, which let long words run under the icons).
    expect(actions.parentElement).toBe(row);
    expect(link.parentElement).toBe(row);
    expect(link.contains(actions)).toBe(false);
    expect(row.querySelector('.MuiListItemSecondaryAction-root')).toBeNull();
    expect(
      within(actions as HTMLElement)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Mark as read: Your request was submitted', 'Hide: Your request was submitted']);
  });
});
