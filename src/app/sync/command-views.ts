import { loadAlarmCommandViews } from '../../features/alarm';
import { loadContentCommandViews } from '../../features/content';
import { loadDomainCommandViews } from '../../features/domain';
import { loadIpBanCommandViews } from '../../features/ip-ban';
import type { CommandViews } from '../../ui/command-views';

/**
 * How the pending-changes panel presents each command, from the features' public surfaces; loaded
 * with the panel, not with the console. A command without a view still shows, with its name and
 * the item it changes.
 */
export async function loadCommandViews(): Promise<CommandViews> {
  const [ipBan, domain, content, alarm] = await Promise.all([
    loadIpBanCommandViews(),
    loadDomainCommandViews(),
    loadContentCommandViews(),
    loadAlarmCommandViews(),
  ]);
  return { ...ipBan, ...domain, ...content, ...alarm };
}
