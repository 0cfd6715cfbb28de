// Newly admitted students (portal invitations) and batch uploads of new students.
export { intakeRoutes } from './routes';
