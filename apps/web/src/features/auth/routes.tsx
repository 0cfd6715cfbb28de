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
      path: at('sso/:key?'),
      lazy: async () => {
        const { SsoReturnPage } = await import('./pages/sso-return-page');
        return { element: <SsoReturnPage portal={portal} /> };
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

/** #/global-login: the single sign-on button as an address (campus pages link to it), loaded when opened. */
export const globalLoginRoute: RouteObject = {
  path: 'global-login',
  lazy: async () => ({ Component: (await import('./pages/global-login-page')).GlobalLoginPage }),
};

/** Single Sign-On settings (admin shell, Configuration): super users; the shell wraps it in its permission guard. */
export const singleSignOnRoute: RouteObject = {
  path: 'single-sign-on',
  lazy: async () => ({ Component: (await import('./pages/single-sign-on-page')).SingleSignOnPage }),
};

/** #/external: campus web sign-in, the page a campus web-SSO proxy sends the browser to (docs/product/external-login.md). */
export const externalLoginRoute: RouteObject = {
  path: 'external',
  lazy: async () => ({ Component: (await import('./pages/external-login-page')).ExternalLoginPage }),
};

/** #/security-logout: where signing out lands, then on to the campus logout address (docs/product/auth.md#signing-out). */
export const securityLogoutRoute: RouteObject = {
  path: 'security-logout',
  lazy: async () => ({ Component: (await import('./pages/security-logout-page')).SecurityLogoutPage }),
};

/** Campus web sign-in settings (admin shell, Configuration): super users; the shell wraps it in its permission guard. */
export const campusWebSignInRoute: RouteObject = {
  path: 'campus-web-sign-in',
  lazy: async () => ({ Component: (await import('./pages/campus-web-sign-in-page')).CampusWebSignInPage }),
};

/** Two-step sign-in (admin shell, from the ⋮ menu): every staff member's own. */
export const twoStepSignInRoute: RouteObject = {
  path: 'two-step-sign-in',
  lazy: async () => ({ Component: (await import('./pages/two-step-sign-in-page')).TwoStepSignInPage }),
};
