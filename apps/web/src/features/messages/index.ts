// The messages feature: sent mail (the Sent Email page, a record's Message Center) and e-mail templates.
export { sentMailRoutes } from './sent-mail-routes';
export { massEmailRoutes } from './mass-email-routes';
export { RecordMessages } from './components/record-messages';
export { emailTemplateRoutes } from './email-template-routes';
export { automatedEmailRoutes } from './automated-email-routes';
export { LazyTemplateRichEditor, type TTemplateRichEditorProps } from './components/lazy-rich-editor';
