// The office's scholar pages; other scholar slices read its office data fields.
export { filledOfficeGroups } from './components/office-data-fields';
export { scholarOfficeRoutes } from './routes';
