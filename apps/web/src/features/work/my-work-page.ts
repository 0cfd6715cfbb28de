/** The page's code, loaded by its route and asked for early by the router on the student area's home (app/shell-homes.ts). */
export const loadMyWorkPage = () => import('./pages/my-work-page');
