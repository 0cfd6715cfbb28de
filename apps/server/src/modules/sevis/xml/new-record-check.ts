import type { TAddress } from '../../students/index.js';
import { IN_EVENT, ON_RECORD, ON_RECORD_NEW_DS2019, ON_RECORD_NEW_I20, RecordMapper } from './map.js';
import { MAPPERS } from './registry.js';
import type { TBatchRecordInput, TProfile, TSite } from './types.js';

/** Where the batch build says a value lives, said of a row of an upload instead. */
const WHERE = [ON_RECORD_NEW_I20, ON_RECORD_NEW_DS2019, IN_EVENT, ON_RECORD, 'on the record', 'on the site of activity'];
const inThisRow = (message: string) => WHERE.reduce((m, where) => m.split(where).join('in this row'), message);

/**
 * The reasons the batch build would hold the SEVIS Create of a record that is not stored yet (a row
 * of a batch upload), in the build's own words: the same mapping of the I-20's or DS-2019's Create
 * runs on what the row would store, with its site of activity (a J-1's) and no dependents. Empty
 * when the Create would go into the next batch.
 */
export function newRecordCreateProblems(
  input: { profile: Partial<TProfile>; siteOfActivity: { name: string; address: TAddress } | null },
  today: string,
): string[] {
  // The Create's mapping reads only the record's SEVIS fields; the rest of a stored row (ids, stamps) is not asked for.
  const profile = { id: 'new', sevisId: null, middleName: '', suffix: '', ...input.profile } as TProfile;
  const kind = profile.visaType === 'J-1' ? 'ev' : 'student';
  const sites = input.siteOfActivity
    ? [
        {
          id: 'new-site',
          name: input.siteOfActivity.name,
          address: input.siteOfActivity.address,
          isPrimary: true,
          isActive: true,
          sevisSiteId: '',
        } as TSite,
      ]
    : [];
  const r: TBatchRecordInput = {
    eventId: 'new',
    profileId: 'new',
    eventType: 'Create',
    action: 'Create',
    payload: {},
    dependentId: null,
    profile,
    dependents: [],
    sites,
    employments: [],
    tipp: null,
  };
  const m = new RecordMapper(r, kind, today);
  MAPPERS[kind].Create!.build(m);
  return m.problems.map(inThisRow);
}
