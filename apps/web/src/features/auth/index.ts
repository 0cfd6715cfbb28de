export { currentUserQuery, useGetCurrentUser } from './api/get-current-user';
export { useCan } from './api/use-can';
export { useLogout } from './api/logout';
export { LoginPage } from './pages/login-page';
export { RootRedirectPage } from './pages/root-redirect-page';
export { UnauthorizedPage } from './pages/unauthorized-page';
export { PasswordField } from './components/password-field';
export {
  campusWebSignInRoute,
  externalLoginRoute,
  globalLoginRoute,
  integrationSettingsRoute,
  loginHelpRoutes,
  notFoundRoute,
  securityLogoutRoute,
  singleSignOnRoute,
  twoStepSignInRoute,
} from './routes';
