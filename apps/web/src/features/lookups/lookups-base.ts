import { useLocation } from 'react-router';

/** Where the Lookups pages live in the shell showing them: #/isss/lookups or #/admin/lookups. */
export function useLookupsBase(): string {
  return useLocation().pathname.startsWith('/admin/') ? '/admin/lookups' : '/isss/lookups';
}
