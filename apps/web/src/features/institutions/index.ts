// Site Settings: the institution's branding and feature flags (read app-wide through app/branding).
export { institutionsRoutes } from './routes';
