import type { FastifyInstance } from 'fastify';
import { commentsApi } from '@meridian/domain';
import { registerRoute } from '../../platform/http/route.js';
import type { TServices } from '../../platform/http/context.js';
import * as ops from './operations/comments.js';

export function commentRoutes(app: FastifyInstance, s: TServices): void {
  registerRoute(app, s, commentsApi.listComments, (ctx, { query }) => ops.listComments(ctx, query));
  registerRoute(app, s, commentsApi.createComment, (ctx, { body }) => ops.createComment(ctx, body));
  registerRoute(app, s, commentsApi.updateComment, (ctx, { params, body }) => ops.updateComment(ctx, params.commentId, body.body));
  registerRoute(app, s, commentsApi.deleteComment, (ctx, { params }) => ops.deleteComment(ctx, params.commentId));
}
