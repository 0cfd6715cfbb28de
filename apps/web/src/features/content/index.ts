// The content feature: the office's Site Pages, written in the student area and read in the student and scholar portals.
export { sitePagesIsssRoutes, sitePagesScholarRoutes, sitePagesStudentRoutes } from './site-pages-routes';
export { MySitePagesSection } from './components/my-site-pages-section';
