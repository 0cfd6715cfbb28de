import type { RouteObject } from 'react-router';
import { RequirePermission } from '../../shells/guards/require-permission';

const editor = async () => ({ Component: (await import('./pages/site-page-editor-page')).SitePageEditorPage });
const readerList = (base: '/student/pages' | '/scholar/pages') => async () => {
  const { MySitePagesPage } = await import('./pages/my-site-pages-page');
  return { element: <MySitePagesPage base={base} /> };
};
const readerPage = (base: '/student/pages' | '/scholar/pages') => async () => {
  const { MySitePagePage } = await import('./pages/my-site-page-page');
  return { element: <MySitePagePage base={base} /> };
};

/**
 * Site Pages in the student area (Configuration): staff with the website-content flag and super users
 * (docs/product/site-pages.md#who-may-do-what). The editor brings the rich-text editor with it, in its own chunk.
 */
export const sitePagesIsssRoutes: RouteObject[] = [
  {
    element: <RequirePermission permission="content.pages.manage" homePath="/isss/dashboard" />,
    children: [
      { path: 'site-builder', lazy: async () => ({ Component: (await import('./pages/site-pages-page')).SitePagesPage }) },
      { path: 'site-builder/new', lazy: editor },
      { path: 'site-builder/:pageId', lazy: editor },
    ],
  },
];

/** The office's pages as a student reads them (student shell). */
export const sitePagesStudentRoutes: RouteObject[] = [
  { path: 'pages', lazy: readerList('/student/pages') },
  { path: 'pages/:slug', lazy: readerPage('/student/pages') },
];

/** The office's pages as a scholar reads them (scholar shell; department users are sent to the unauthorized page). */
export const sitePagesScholarRoutes: RouteObject[] = [
  {
    element: <RequirePermission permission="content.pages.read" homePath="/" />,
    children: [
      { path: 'pages', lazy: readerList('/scholar/pages') },
      { path: 'pages/:slug', lazy: readerPage('/scholar/pages') },
    ],
  },
];
