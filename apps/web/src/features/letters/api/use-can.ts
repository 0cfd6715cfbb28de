export { useCan } from '../../auth';
