// The SEVIS batch XML library (docs/product/sevis-batches.md#building-batches): what the batch operations call.
export { buildValidatedBatch, buildValidatedBatches, MAX_RECORDS_PER_BLOCK, requestIdFor, withBatchId } from './build.js';
export { loadBatchInputs } from './load.js';
export { validateAgainstXsd, schemaMainPath, type TBatchKind } from './schema.js';
export type { TBatchRecordInput, TBuildBatchInput, TBuildBatchResult, TRecordKind } from './types.js';
export {
  carriedDependents,
  carriedSites,
  carriedTipp,
  createCarriesTipp,
  dependentByUserDefined,
  dependentUserDefined,
} from './carried.js';
