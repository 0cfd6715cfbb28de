// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TComment, TSession } from '@meridian/domain';
import { brandingQueryKey, DEFAULT_BRANDING } from '../../../app/branding';
import { FAILURE_MSG } from '../../../app/errors/failure';
import { clearSession, setSession } from '../../../app/session/session-store';

const notify = vi.hoisted(() => ({ toast: vi.fn(), snack: vi.fn() }));
vi.mock('../../../ui/notify', () => notify);
const { CommentsPanel } = await import('./comments-panel');

const SUBJECT = '00000000-0000-4000-8000-0000000000aa';
const comment = (n: number): TComment => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  subjectType: 'request',
  subjectId: SUBJECT,
  body: `Comment ${n}`,
  isInternal: false,
  author: { userId: '00000000-0000-4000-8000-0000000000bb', name: 'Olivia Officer' },
  createdAt: '2027-03-01T15:00:00.000Z',
  updatedAt: '2027-03-01T15:00:00.000Z',
  isEdited: false,
  canEdit: false,
});

let stored: TComment[] = [];
let posts: 'offline' | 'ok' = 'ok';
/** Pages asked for, and the answers held back until a test lets them go (a slow server). */
let hold: ((page: number) => boolean) | null = null;
const held: (() => void)[] = [];

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  stored = [];
  posts = 'ok';
  hold = null;
  held.length = 0;
  vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
    if (init?.method === 'POST') {
      if (posts === 'offline') return Promise.reject(new TypeError('Failed to fetch'));
      const body = JSON.parse(init.body as string) as { body: string };
      const c = { ...comment(stored.length + 1), body: body.body };
      stored = [c, ...stored];
      return Promise.resolve(json(c));
    }
    const page = Number(new URL(url, 'http://x').searchParams.get('page') ?? '1');
    const answer = () => json({ items: stored.slice((page - 1) * 20, page * 20), total: stored.length, page, pageSize: 20 });
    if (hold?.(page)) return new Promise<Response>((resolve) => held.push(() => resolve(answer())));
    return Promise.resolve(answer());
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

function renderPanel() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(brandingQueryKey, { ...DEFAULT_BRANDING, timeZone: 'America/New_York' });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <CommentsPanel subjectType="request" subjectId={SUBJECT} canComment isStaff />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const postButton = () => screen.getByRole<HTMLButtonElement>('button', { name: /Post comment|Posting/ });

describe('Post comment', () => {
  it('fails offline with one message on the field and the text kept, then posts it on the next try', async () => {
    renderPanel();
    await screen.findByText('No comments yet.');
    const field = screen.getByLabelText('Add a comment');
    fireEvent.change(field, { target: { value: 'Please bring your passport.' } });

    posts = 'offline';
    fireEvent.click(postButton());
    await screen.findByText(FAILURE_MSG.offline);
    // The button is back, the text is still there, and nothing else spoke (no toast, no snackbar).
    expect(postButton().disabled).toBe(false);
    expect(screen.getByLabelText<HTMLTextAreaElement>('Add a comment').value).toBe('Please bring your passport.');
    expect(notify.toast).not.toHaveBeenCalled();
    expect(notify.snack).not.toHaveBeenCalled();

    posts = 'ok';
    fireEvent.click(postButton());
    await screen.findByText('Please bring your passport.', { selector: 'p' });
    expect(screen.getByLabelText<HTMLTextAreaElement>('Add a comment').value).toBe('');
    expect(screen.queryByText(FAILURE_MSG.offline)).toBeNull();
  });

  it('is done when the server answers, even while the list is still reloading', async () => {
    renderPanel();
    await screen.findByText('No comments yet.');
    hold = () => true; // the reload after posting hangs
    fireEvent.change(screen.getByLabelText('Add a comment'), { target: { value: 'Seen.' } });
    fireEvent.click(postButton());
    await waitFor(() => expect(screen.getByLabelText<HTMLTextAreaElement>('Add a comment').value).toBe(''));
    expect(screen.getByRole('button', { name: 'Post comment' })).toBeTruthy();
    expect(postButton().disabled).toBe(false);
    held.forEach((go) => go());
  });
});

describe('comment pages', () => {
  it('say they are loading while the next page comes, and show it when it is there', async () => {
    stored = Array.from({ length: 25 }, (_, i) => comment(25 - i));
    renderPanel();
    await screen.findByText('1–20 of 25');
    hold = (page) => page === 2;
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await screen.findByText('Loading…');
    expect(screen.getByRole('list').getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Go to next page' }).disabled).toBe(true);
    held.forEach((go) => go());
    await screen.findByText('21–25 of 25');
    expect(screen.queryByText('Loading…')).toBeNull();
  });
});
