// The batch XML comes from helper E's library (../xml): loadBatchInputs reads each event with the
// record's current data; buildValidatedBatch builds, validates against the XSD and holds back failures.
export { buildValidatedBatch, loadBatchInputs } from '../xml/index.js';
