import { institutions } from './schema.js';
import type { TDatabase } from '../db/database.js';

interface TEntry {
  id: string;
  hosts: string[];
}

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
    const rows = await this.db.owner.select({ id: institutions.id, hosts: institutions.hosts }).from(institutions);
    this.cache = { at: Date.now(), entries: rows };
    return rows;
  }

  async count(): Promise<number> {
    return (await this.entries()).length;
  }

  /** The institution id for a host name, or null when none matches. */
  async resolve(hostHeader: string | undefined): Promise<string | null> {
    const list = await this.entries();
    if (list.length === 0) return null;
    if (list.length === 1) return list[0]!.id;
    const host = (hostHeader ?? '').toLowerCase().replace(/:\d+$/, '');
    return list.find((e) => e.hosts.some((h) => h.toLowerCase() === host))?.id ?? null;
  }
}
