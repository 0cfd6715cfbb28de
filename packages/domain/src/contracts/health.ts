import { z } from 'zod';
import { defineRoute } from './define.js';

export const health = defineRoute({
  method: 'GET',
  path: '/api/health',
  access: 'public',
  tags: ['platform'],
  summary: 'Answers {"status":"ok"} once the database is ready',
  response: z.object({ status: z.literal('ok') }),
});
