/** The office's scholar dashboard page: its route loads it, and so does the router when the admin shell opens on it. */
export const loadScholarDashboardPage = () => import('./pages/scholar-dashboard-page');
