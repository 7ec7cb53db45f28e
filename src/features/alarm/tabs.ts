/** The tabs of the alarms screen (spec §2), the first one the default. */
export const alarmTabs = ['policies', 'history', 'templates', 'contacts'] as const;
export type AlarmTab = (typeof alarmTabs)[number];
