// The batch XML comes from the SEVIS batch XML library (../xml,
// docs/product/sevis-batches.md#building-batches): loadBatchInputs reads each event with the record's current
// data; buildValidatedBatch builds, validates against the XSD and holds back failures.
export { buildValidatedBatch, carriedDependents, carriedSites, carriedTipp, createCarriesTipp, loadBatchInputs } from '../xml/index.js';
