import type { ReactNode } from 'react';
import { Redirect } from '../../ui/redirect';
import { useBranding } from '../../features/institutions/api/get-branding';
import { PageLoader } from '../../ui/page-loader';

/**
 * Spec 000 s2: pages of the new student UI open only when NewStudentUIEnabled is '1';
 * otherwise the user goes to the student area's list (for now its dashboard).
 */
export function NewStudentUiGuard({ children, fallback = '/isss/dashboard' }: { children: ReactNode; fallback?: string }) {
  const { data, isPending } = useBranding();
  if (isPending) return <PageLoader />;
  if (data?.NewStudentUIEnabled !== '1') return <Redirect to={fallback} />;
  return <>{children}</>;
}
