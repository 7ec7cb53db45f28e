import { domainCommandViews } from '../../features/domain';
import { ipBanCommandViews } from '../../features/ip-ban';
import type { CommandViews } from '../../ui/command-views';

/**
 * How the pending-changes panel presents each command, from the features' public surfaces.
 * A command without a view still shows, with its name and the item it changes.
 */
export const commandViews: CommandViews = { ...ipBanCommandViews, ...domainCommandViews };
