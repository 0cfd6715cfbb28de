import type { RouteObject } from 'react-router';

type TPortal = 'scholar' | 'student';

/**
 * The login area's other pages, loaded when opened (the login page itself comes with the app):
 * password reset, password links and e-mailed sign-in links, under #/login or #/login/student.
 */
export function loginHelpRoutes(portal: TPortal): RouteObject[] {
  const at = (path: string) => (portal === 'student' ? `student/${path}` : path);
  return [
    {
      path: at('reset'),
      lazy: async () => {
        const { ForgotPasswordPage } = await import('./pages/forgot-password-page');
        return { element: <ForgotPasswordPage portal={portal} /> };
      },
    },
    {
      path: at('pass-reset/:key?'),
      lazy: async () => {
        const { PasswordLinkPage } = await import('./pages/password-link-page');
        return { element: <PasswordLinkPage portal={portal} /> };
      },
    },
    {
      path: at('sign-in/:key?'),
      lazy: async () => {
        const { SignInLinkPage } = await import('./pages/sign-in-link-page');
        return { element: <SignInLinkPage portal={portal} /> };
      },
    },
  ];
}

/** The catch-all 'Page Not Found' (then home), loaded when reached. */
export const notFoundRoute: RouteObject = {
  path: '*',
  lazy: async () => ({ Component: (await import('./pages/not-found-page')).NotFoundPage }),
};

/**
 * Integration Settings (admin shell, Configuration), loaded when opened. Only super users and officers may
 * open it: the shell wraps it in its permission guard (the guard reads the current user from this feature).
 */
export const integrationSettingsRoute: RouteObject = {
  path: 'integration-settings',
  lazy: async () => ({ Component: (await import('./pages/integration-settings-page')).IntegrationSettingsPage }),
};
