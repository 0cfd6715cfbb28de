import { Navigate, useLocation } from 'react-router';

/**
 * <Navigate replace> that fires again on every location change. A plain <Navigate> that stays
 * mounted (e.g. a guard whose shell survives Back after logout, when React skips the
 * intermediate render) runs its effect only once and would leave an empty page.
 */
export function Redirect({ to }: { to: string }) {
  const location = useLocation();
  return <Navigate key={location.key} to={to} replace />;
}
