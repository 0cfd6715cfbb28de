export { useGetHistory } from './api/get-history';
