export { useGetHistory } from './api/get-history';
export { logsAdminRoutes, logsIsssRoutes } from './logs-routes';
export { RecordDisclosures } from './components/record-disclosures';
