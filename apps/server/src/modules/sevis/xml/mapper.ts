import type { RecordMapper } from './map.js';
import type { TRecordKind, TXmlNode } from './types.js';

/**
 * The mapping of one event type to its batch record. A create returns the record's content (the
 * builder adds requestID, userID, printForm); an update returns its one event element, e.g.
 * `{ CPTEmployment: { Add: {...} } }` (the builder adds sevisID, requestID, userID).
 * Problems go to `m.problem(...)`; the builder holds such a record back.
 */
export interface TEventMapper {
  recordKind: TRecordKind;
  build(m: RecordMapper): TXmlNode | undefined;
}
