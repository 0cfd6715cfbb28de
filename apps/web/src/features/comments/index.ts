export { CommentsPanel, type CommentsPanelProps } from './components/comments-panel';
