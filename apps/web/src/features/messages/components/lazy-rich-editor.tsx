import { lazy } from 'react';

/**
 * The rich-text editor for other features' pages (a site page's text, without merge tags): loaded on first
 * use, in its own chunk, so the features' entry points do not bring the editor with them. Wrap in Suspense.
 */
export const LazyTemplateRichEditor = lazy(async () => ({ default: (await import('./template-rich-editor')).TemplateRichEditor }));
export type { TTemplateRichEditorProps } from './template-rich-editor';
