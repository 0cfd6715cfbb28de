// The office's code lists (docs/product/lookups.md): what other features use to draw and check a field of one.
export { lookupsAdminRoutes, lookupsIsssRoutes } from './routes';
export { useLookup, useLookups } from './api/lookups';
export { useLookupChecker, useLookupOptions, useLookupText, type TLookupOption } from './api/lookup-options';
export { LookupField, LookupText, filterLookupOptions, type LookupFieldProps } from './components/lookup-field';
export { FormLookupField } from './components/form-lookup-field';
