import type { RouteObject } from 'react-router';
import { ScholarOnly } from '../../../shells/guards/scholar-only';
import type { TPortalPage } from './pages/application-page';

const scholarApplication = (page: TPortalPage, path: string = page): RouteObject => ({
  path,
  lazy: async () => {
    const { ApplicationPage } = await import('./pages/application-page');
    return {
      element: (
        <ScholarOnly>
          <ApplicationPage page={page} />
        </ScholarOnly>
      ),
    };
  },
});

/** Scholar portal (scholar shell): the application pages by processed state; department users are kept out (ScholarOnly). */
export const scholarPortalRoutes: RouteObject[] = [
  scholarApplication('edith1application'),
  scholarApplication('edito1application'),
  scholarApplication('edito1extension', 'edito1extension/:scholarId?/:applicationId?'),
  scholarApplication('editj1application'),
  scholarApplication('editf1application'),
];
