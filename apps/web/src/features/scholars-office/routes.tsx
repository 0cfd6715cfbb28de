import type { RouteObject } from 'react-router';
import { can } from '@meridian/domain';
import type { ReactNode } from 'react';
import { useCurrentUser } from '../auth/api/get-current-user';
import { actorOf } from '../../shells/common/menu';
import { Redirect } from '../../ui/redirect';

/** Pages that configure the scholar area need scholars.configure (super users and officers); others go to unauthorized. */
function ConfigureOnly({ children }: { children: ReactNode }) {
  const me = useCurrentUser();
  if (!me.data) return null;
  return can(actorOf(me.data), 'scholars.configure') ? <>{children}</> : <Redirect to="/admin/unauthorized" />;
}

/** Office scholar pages (admin shell): review sponsorship request, scholar profile, templates, account settings. */
export const scholarOfficeRoutes: RouteObject[] = [
  {
    path: 'reviewrequest/:applicationId',
    lazy: async () => ({ Component: (await import('./pages/review-request-page')).ReviewRequestPage }),
  },
  {
    path: 'scholar-profile/:applicationId',
    lazy: async () => ({ Component: (await import('./pages/scholar-profile-page')).ScholarProfilePage }),
  },
  {
    path: 'account-settings',
    lazy: async () => {
      const { AccountSettingsPage } = await import('./pages/account-settings-page');
      return {
        element: (
          <ConfigureOnly>
            <AccountSettingsPage />
          </ConfigureOnly>
        ),
      };
    },
  },
  {
    path: 'scholar-templates',
    lazy: async () => {
      const { ScholarTemplatesPage } = await import('./pages/templates-page');
      return {
        element: (
          <ConfigureOnly>
            <ScholarTemplatesPage />
          </ConfigureOnly>
        ),
      };
    },
  },
];
