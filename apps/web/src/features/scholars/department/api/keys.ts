/** Query keys of the department portal. */
export const deptKeys = {
  all: ['scholars-department'] as const,
  cases: ['scholars-department', 'cases'] as const,
  case: (id: string) => ['scholars-department', 'case', id] as const,
  events: (id: string) => ['scholars-department', 'case', id, 'events'] as const,
  config: ['scholars-department', 'config'] as const,
  workflows: ['scholars-department', 'workflows'] as const,
  candidates: ['scholars-department', 'candidates'] as const,
  mine: ['scholars-department', 'my-sponsorship-request'] as const,
};
