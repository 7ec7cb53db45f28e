import { callOnce, startEarly } from '../../api';
import { dashboardFirstCalls } from './first-calls';

/**
 * The overview's first calls, started with the page (app/early-start) when it opens on the
 * overview, before this feature's code has loaded. Quiet: the screen shows each part's failure.
 */
export function startDashboardCalls(): void {
  for (const [name, input] of dashboardFirstCalls) {
    if (name === 'baseInfo') startEarly(name, input);
    else callOnce(name, { quiet: true }).catch(() => {});
  }
}
