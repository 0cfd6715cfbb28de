// The batch XML comes from the SEVIS batch XML library (../xml,
// docs/product/sevis-batches.md#building-batches): loadBatchInputs reads each event with the record's current
// data; buildValidatedBatches builds, validates against the XSD (many batches in one xmllint run) and holds back failures.
export {
  buildValidatedBatches,
  carriedDependents,
  carriedSites,
  carriedTipp,
  createCarriesTipp,
  loadBatchInputs,
  withBatchId,
  type TBatchRecordInput,
} from '../xml/index.js';
