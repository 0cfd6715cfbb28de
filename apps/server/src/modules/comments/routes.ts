import type { FastifyInstance } from 'fastify';
import { commentsApi } from '@meridian/domain';
import { registerRoute } from '../../platform/http/route.js';
import type { TServices } from '../../platform/http/context.js';
import { listComments } from './operations/list-comments.js';
import { createComment } from './operations/create-comment.js';
import { updateComment } from './operations/update-comment.js';
import { deleteComment } from './operations/delete-comment.js';

export function commentRoutes(app: FastifyInstance, s: TServices): void {
  registerRoute(app, s, commentsApi.listComments, (ctx, { query }) => listComments(ctx, query));
  registerRoute(app, s, commentsApi.createComment, (ctx, { body }) => createComment(ctx, body));
  registerRoute(app, s, commentsApi.updateComment, (ctx, { params, body }) => updateComment(ctx, params.commentId, body.body));
  registerRoute(app, s, commentsApi.deleteComment, (ctx, { params }) => deleteComment(ctx, params.commentId));
}
