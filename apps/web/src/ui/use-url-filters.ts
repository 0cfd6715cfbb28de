import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { parseFilters, readSearchParam, serializeFilters, writeSearchParam, type TUrlFilters } from './url-filters';

/**
 * Filters of a list screen kept in the address (`?filters=q:smith;status:all`), so a list can be
 * bookmarked, shared and restored with Back. Values equal to the defaults are left out.
 */
export function useUrlFilters<T extends TUrlFilters>(defaults: T): [T, (patch: Partial<T>) => void] {
  const location = useLocation();
  const navigate = useNavigate();
  const raw = readSearchParam(location.search, 'filters');
  // Callers often build the defaults inline: their content, not their identity, decides.
  const key = JSON.stringify(defaults);
  const stableDefaults = useMemo(() => JSON.parse(key) as T, [key]);
  const filters = useMemo(() => ({ ...stableDefaults, ...parseFilters(raw) }), [raw, stableDefaults]);
  // The address as last rendered: a setter kept by a debounce timer (a search box) patches the newest
  // filters, not those of the render it was made in (which would undo a list chosen meanwhile).
  const latest = useRef({ filters, search: location.search, pathname: location.pathname });
  useLayoutEffect(() => {
    latest.current = { filters, search: location.search, pathname: location.pathname };
  });

  const setFilters = useCallback(
    (patch: Partial<T>) => {
      const now = latest.current;
      // Already leaving for another page (a link clicked while a search was still waiting): do not pull the user back.
      const here = window.location.hash.replace(/^#/, '').split('?')[0];
      if (here && here !== now.pathname) return;
      const next: TUrlFilters = { ...now.filters, ...patch };
      const search = writeSearchParam(now.search, 'filters', serializeFilters(next, stableDefaults));
      // A second change before the page draws again (a list chosen, then Enter in a filter at once) starts
      // from this one, not from the address it is replacing.
      latest.current = { filters: { ...stableDefaults, ...next }, search, pathname: now.pathname };
      void navigate({ pathname: now.pathname, search }, { replace: true });
    },
    [navigate, stableDefaults],
  );
  return [filters, setFilters];
}
