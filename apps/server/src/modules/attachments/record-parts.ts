import type { TTx } from '../../platform/db/database.js';
import type { TContext } from '../../platform/http/context.js';

/** A part of a person's record a document can be filed for: a dependent or a site of activity. */
export interface TRecordPart {
  id: string;
  name: string;
}

/**
 * What the attachments module needs to know of the record a request is about (a student's record:
 * its dependents and sites of activity, and which documents its student may file). The students
 * module provides it; attachments sits below students in the case engine and never imports it.
 */
export interface TRecordParts {
  /** The record's active dependents / sites of activity, oldest first. */
  activeDependents(tx: TTx, profileId: string): Promise<TRecordPart[]>;
  activeSitesOfActivity(tx: TTx, profileId: string): Promise<TRecordPart[]>;
  /** Whether a dependent / site of activity belongs to the record (active or not). */
  hasDependent(tx: TTx, profileId: string, dependentId: string): Promise<boolean>;
  hasSiteOfActivity(tx: TTx, profileId: string, soaId: string): Promise<boolean>;
  /**
   * May the signed-in student file this document on their own record now (what their portal stage
   * asks)? null when they may; otherwise the refusal, with the field it is about.
   */
  /** Does this office user reach the record (to see and file its office-only files)? */
  staffReachesRecord(tx: TTx, ctx: TContext, profileId: string): Promise<boolean>;
  mayFileOwnDocument(
    tx: TTx,
    ctx: TContext,
    file: { customDocumentId?: string | null; dependentId?: string | null; soaId?: string | null },
  ): Promise<{ field?: string; message: string } | null>;
}

const none: TRecordParts = {
  activeDependents: () => Promise.resolve([]),
  activeSitesOfActivity: () => Promise.resolve([]),
  hasDependent: () => Promise.resolve(false),
  hasSiteOfActivity: () => Promise.resolve(false),
  staffReachesRecord: () => Promise.resolve(false),
  mayFileOwnDocument: () => Promise.resolve({ message: 'This document is not asked of you now.' }),
};

let parts: TRecordParts = none;

/** Registers the module that knows the records requests are about (at start-up). */
export function provideRecordParts(provider: TRecordParts): void {
  parts = provider;
}

export const recordParts = (): TRecordParts => parts;
