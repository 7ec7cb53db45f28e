// The first load carries only the overview's first calls; the screen loads when it is opened.
export { dashboardFirstCalls } from './first-calls';
export const loadDashboardScreen = () => import('./dashboard-screen');
