export { useHistory } from './api/get-history';
