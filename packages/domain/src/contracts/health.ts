import { z } from 'zod';
import { defineRoute } from './define.js';

export const health = defineRoute({
  method: 'GET',
  path: '/api/health',
  access: 'public',
  tags: ['platform'],
  summary: 'Answers {"status":"ok"} when the database answers; 503 UNAVAILABLE while it cannot be reached',
  response: z.object({ status: z.literal('ok') }),
});
