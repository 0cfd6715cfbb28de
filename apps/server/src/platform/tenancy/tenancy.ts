import { institutions } from './schema.js';
import type { TDatabase } from '../db/database.js';

interface TEntry {
  id: string;
  hosts: string[];
  timeZone: string;
}

/** The institution a request is for: its id and the time zone its "today" is taken in. */
export interface TTenant {
  id: string;
  timeZone: string;
}

const hostOf = (hostHeader: string | undefined) => (hostHeader ?? '').toLowerCase().replace(/:\d+$/, '');

/**
 * Resolves the tenant from the request's host name. With a single institution it serves any
 * host; with several, the host must be one an institution lists. The list is cached briefly.
 */
export class Tenancy {
  private cache: { at: number; entries: TEntry[] } | null = null;
  constructor(private readonly db: TDatabase) {}

  invalidate(): void {
    this.cache = null;
  }

  private async entries(): Promise<TEntry[]> {
    if (this.cache && Date.now() - this.cache.at < 5000) return this.cache.entries;
    const rows = await this.db.owner
      .select({ id: institutions.id, hosts: institutions.hosts, timeZone: institutions.timeZone })
      .from(institutions);
    this.cache = { at: Date.now(), entries: rows };
    return rows;
  }

  async count(): Promise<number> {
    return (await this.entries()).length;
  }

  /** The institution (id and time zone) for a host name, or null when none matches. */
  async resolveTenant(hostHeader: string | undefined): Promise<TTenant | null> {
    const list = await this.entries();
    if (list.length === 0) return null;
    const found = list.length === 1 ? list[0] : list.find((e) => e.hosts.some((h) => h.toLowerCase() === hostOf(hostHeader)));
    return found ? { id: found.id, timeZone: found.timeZone } : null;
  }
}
