export { alarmTabs, type AlarmTab } from './tabs';
import { loadCatalogPart } from '../../i18n';
/** The alarms screen, with its part of the catalog. */
export const loadAlarmScreen = () =>
  Promise.all([import('./alarm-screen'), loadCatalogPart('operations')]).then(([m]) => m);
/** How the pending-changes panel shows the alarm commands, with their texts. */
export const loadAlarmCommandViews = () =>
  Promise.all([import('./command-views'), loadCatalogPart('operations')]).then(([m]) => m.alarmCommandViews);
