import { useCallback, useMemo } from 'react';
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
  const key = JSON.stringify(defaults);
  const filters = useMemo(() => ({ ...defaults, ...parseFilters(raw) }) as T, [raw, key]); // eslint-disable-line react-hooks/exhaustive-deps

  const setFilters = useCallback(
    (patch: Partial<T>) => {
      const next = { ...filters, ...patch } as TUrlFilters;
      const search = writeSearchParam(location.search, 'filters', serializeFilters(next, defaults));
      navigate({ pathname: location.pathname, search }, { replace: true });
    },
    [filters, location.pathname, location.search, navigate, key], // eslint-disable-line react-hooks/exhaustive-deps
  );
  return [filters, setFilters];
}
