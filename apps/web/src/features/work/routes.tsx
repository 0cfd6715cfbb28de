import type { RouteObject } from 'react-router';
import { RequirePermission } from '../../shells/guards/require-permission';
import { loadMyWorkPage } from './my-work-page';

/** My work, the student area's home (student admin shell). */
export const workRoutes: RouteObject[] = [
  {
    element: <RequirePermission permission="students.read" homePath="/" />,
    children: [{ path: 'my-work', lazy: async () => ({ Component: (await loadMyWorkPage()).MyWorkPage }) }],
  },
];
