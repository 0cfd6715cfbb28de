import type { RouteObject } from 'react-router';
import { ScholarOnly } from '../../shells/scholar/scholar-shell';
import { ApplicationLandingPage, type TScholarApplicationPage } from '../scholars/pages/application-landing-page';

const scholarApplication = (page: TScholarApplicationPage, path: string = page): RouteObject => ({
  path,
  element: (
    <ScholarOnly>
      <ApplicationLandingPage page={page} />
    </ScholarOnly>
  ),
});

/** Scholar portal (scholar shell): the application pages by processed state. */
export const scholarPortalRoutes: RouteObject[] = [
  scholarApplication('edith1application'),
  scholarApplication('edito1application'),
  scholarApplication('edito1extension', 'edito1extension/:scholarId?/:applicationId?'),
  scholarApplication('editj1application'),
  scholarApplication('editf1application'),
];
