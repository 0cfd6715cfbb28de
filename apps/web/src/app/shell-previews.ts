import { ADMIN_AREA_TITLES } from '../shells/admin/admin-titles';

/** What a shell's home page looks like before its code arrives: the app bar's title and the page's header. */
export interface TShellPreview {
  path: string;
  bar: string;
  title?: string;
  subtitle?: string;
}

/**
 * The staff shells' home pages as previewed in plain HTML while their code arrives (shell-preview.tsx):
 * the shell's bar and, where the page's header is fixed text, the header itself. The scholar
 * dashboard draws its header from here, so the preview and the page always say the same.
 */
export const SHELL_PREVIEWS = {
  admin: {
    path: '/admin/dashboard',
    bar: ADMIN_AREA_TITLES.scholar,
    title: 'International Scholar and Employee Admin',
    subtitle: 'Every scholar and employee case, by phase. Search by name or e-mail, filter, sort, and export what you see to Excel.',
  },
  // My work, the student area's home (features/work): its heading; its description and counts come with the
  // page, below it (nothing drawn moves).
  isss: { path: '/isss/my-work', bar: ADMIN_AREA_TITLES.student, title: 'My work' },
} as const satisfies Record<'admin' | 'isss', TShellPreview>;
