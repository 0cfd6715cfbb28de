// What other modules may use of lookups: the office's code lists and the reader forms validate with (docs/product/lookups.md).
export { lookupLists, lookupValues } from './schema.js';
export { lookupRoutes } from './routes.js';
export { ensureLookupCatalog, seedLookupCatalogs } from './seed.js';
export { assertLookupFields, lookupStatuses, lookupValuesByCode, type TLookupCheck, type TLookupFieldChange } from './lookup-reader.js';
