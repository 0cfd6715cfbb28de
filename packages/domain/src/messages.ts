/** User-visible text, as the product pages quote it (docs/product/, e.g. ui.md#field-messages). Use verbatim; never reword. */
export const MSG = {
  // login (docs/product/auth.md#sign-in-messages)
  enterUserName: 'Please enter your user name',
  enterPassword: 'Please enter your password',
  invalidCredentials: 'Invalid Credentials.',
  loginNotFound: 'Username password combination not found.',
  authenticationFailed: 'Authentication failed.',
  roleNotAllowed: "Your records says that you don't have permissions to access this resource.",
  // new password
  enterNewPassword: 'Please enter a password',
  passwordTooShort: 'Password should be at least 8 characters',
  passwordComposition: 'Password should contain both upper and lower case letters and at least one number',
  repeatPassword: 'Please enter the same password again',
  passwordsMatch: 'Passwords should match',
  // forgot
  enterEmail: 'Please enter an email',
  enterValidEmail: 'Please enter a valid email',
  resetEndpointError: 'We are facing some issues in endpoint while trying to reset password',
  // shells and errors
  noAccessPage: 'No access granted. You do not have access to this page.',
  noAreaAccess: 'You do not have permissions to access this area.',
  pageNotFound: 'Page Not Found',
  unsavedChanges: 'WARNING: You have unsaved changes. Press Cancel to go back and save these changes, or OK to lose these changes.',
  sessionExpiring: 'Your session will expire shortly. Do you want to continue?',
  sessionExpiredToast: 'Your session has been expired, please login again.',
  sessionExpiredSnackbar: 'Your session has expired, please login again.',
  invalidSession: 'Invalid session data',
  defaultError: 'Oops we got an error, try again later.',
  /** The database is away (restarting, unreachable); the server reconnects by itself. */
  databaseUnavailable: 'Meridian cannot reach its database right now. Please try again in a minute.',
  noNotifications: 'No new notification available.',
  // generic field messages (docs/product/ui.md#field-messages)
  required: 'Required field',
  invalidValue: 'Invalid value',
  dependentGender: "Choose the dependent's gender: SEVIS requires it (female or male).",
  /** Text with a NUL control character (pasted from a binary file, a broken export): nothing can store it. */
  nulCharacter: 'This contains an invisible control character (NUL) that cannot be saved: remove it and try again.',
  /** Half of an emoji or symbol (an unpaired UTF-16 surrogate): not text, and the database refuses it. */
  brokenCharacter: 'This contains a broken character (half of an emoji or symbol) that cannot be saved: remove it and try again.',
  invalidLength: 'Invalid length',
  invalidEmail: 'Invalid email',
  invalidPhone: 'Invalid phone',
  invalidNumber: 'Invalid number',
  invalidDate: 'Invalid date',
  // ours: kept here so server and browser say the same thing
  commonPassword: 'This password is too common. Please choose a less predictable one.',
  tooManyResetRequests: 'Too many password reset requests from this address. Please wait a few minutes and try again.',
  tooManyAttempts: 'Too many sign-in attempts. Please wait a few minutes and try again.',
  resetLinkSent: 'If an account matches that e-mail, a link to reset the password has been sent. Please check your e-mail.',
  resetLinkInvalid: 'This password link is invalid or has expired. Please request a new one.',
  passwordUpdated: 'Your password has been updated. Please log in with your new password.',
  signInLinkSent:
    'If this account is being slowed down after failed sign-ins, a sign-in link has been sent to its e-mail address. The link works once, within 15 minutes.',
  signInLinkInvalid: 'This sign-in link is invalid or has expired. Please request a new one.',
  cannotGrant: 'You cannot grant a permission you do not hold yourself.',
  userNameTaken: 'This user name is already in use.',
  emailTaken: 'A user with this e-mail already exists.',
  notFound: 'The record was not found.',
  setupDone: 'This portal is already set up.',
} as const;
