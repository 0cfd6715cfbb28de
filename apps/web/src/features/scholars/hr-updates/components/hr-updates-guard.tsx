import { Outlet } from 'react-router';
import { useBranding } from '../../../../app/branding';
import { UnauthorizedPage } from '../../../auth';
import { PageLoader } from '../../../../ui/page-loader';

/**
 * Scholar HR Updates open only while the institution's scholarSisUpdatesFlag is on (docs/product/scholar-hr-updates.md#the-switch):
 * otherwise the shell's "No access" page, as the server answers 404.
 */
export function HrUpdatesGuard() {
  const { data, isPending } = useBranding();
  if (isPending) return <PageLoader />;
  if (!data?.scholarSisUpdatesFlag) return <UnauthorizedPage homePath="/admin/dashboard" />;
  return <Outlet />;
}
