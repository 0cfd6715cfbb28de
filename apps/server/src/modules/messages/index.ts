export { messageRoutes } from './routes.js';
export { presentRecordItem } from './sent/sent-mail.presenter.js';
export { messageDailyJobs } from './sent/retention.js';
export {
  provideMergeSource,
  resolveMergeValues,
  formatMergeValues,
  generalMergeValues,
  type TMergeRaw,
  type TMergeRef,
  type TMergeSource,
} from './merge/merge-sources.js';
export { renderSystemMessage, type TRenderedMessage } from './templates/render-system-message.js';
export { sanitizeEmailHtml } from './templates/sanitize-html.js';
export { automatedEmailRule, claimReminders, type TAutomatedEmailRule } from './automated/automated-email-rule.js';
export { automatedMessage, renderAutomatedMessage } from './automated/render-automated-message.js';
export { provideRecipientSource, type TMassRecipient, type TRecipientSource, type TRecipientLabel } from './mass/recipient-sources.js';
