import { certServerSides } from '../modules/cert/server-side';
import { contentServerSides } from '../modules/content/server-side';
import { alarmServerSides } from '../modules/alarm/settings';
import { domainServerSides, sectionServerSides } from '../modules/domain/server-side';
import { ipBanServerSides } from '../modules/ip-ban/server-side';
import type { ServerSides } from '../aggregates/types';

export type { FactsOf, LockSpec, ServerSide } from '../aggregates/types';

/**
 * The server sides of the commands whose rules read more than their aggregates, from the modules
 * that own what they read. A command without one reads its aggregates only.
 */
export const serverSides: ServerSides = {
  ...ipBanServerSides,
  ...domainServerSides,
  ...sectionServerSides,
  ...certServerSides,
  ...contentServerSides,
  ...alarmServerSides,
};
