// The messages module's contracts: sent mail and e-mail templates.
export * from './sent-mail.js';
export * from './email-templates.js';
export * from './mass-email.js';
export * from './automated-emails.js';
