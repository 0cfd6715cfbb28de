import type { ReactNode } from 'react';
import { Redirect } from '../../ui/redirect';
import { useBranding } from '../../app/branding';
import { PageLoader } from '../../ui/page-loader';
import { useGetCurrentUser } from '../../features/auth';

/**
 * Pages of the new student UI open only when NewStudentUIEnabled is '1';
 * otherwise the user goes to the Student List.
 */
export function NewStudentUiGuard({ children, fallback = '/isss/students-list' }: { children: ReactNode; fallback?: string }) {
  const { data, isPending } = useBranding();
  if (isPending) return <PageLoader />;
  if (data?.NewStudentUIEnabled !== '1') return <Redirect to={fallback} />;
  return <>{children}</>;
}

/** An assistant only: super users and officers are not assistants even when the flag is also set. */
const isAssistantOnly = (staff: { isSuper: boolean; isOfficer: boolean; isAssistant: boolean } | null | undefined): boolean =>
  !!staff && staff.isAssistant && !staff.isSuper && !staff.isOfficer;

/**
 * Assistants only if NewStudentUIEnabled is '1', else redirected
 * to the students list" (#/isss/students-list). Officers and super users always pass.
 */
export function AssistantNewStudentUiGuard({ children }: { children: ReactNode }) {
  const me = useGetCurrentUser();
  if (me.isPending) return <PageLoader />;
  if (isAssistantOnly(me.data?.staff)) return <NewStudentUiGuard>{children}</NewStudentUiGuard>;
  return <>{children}</>;
}
