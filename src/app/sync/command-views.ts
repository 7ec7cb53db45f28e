import type { PrimaryKind } from '../../commands/registry';
import { loadAlarmCommandViews } from '../../features/alarm';
import { loadContentCommandViews } from '../../features/content';
import { loadDomainCommandViews } from '../../features/domain';
import { loadIpBanCommandViews } from '../../features/ip-ban';
import { loadCatalogPart } from '../../i18n';
import type { CommandView } from '../../ui/command-views';

/** A view for every kind a command is based on: a command of a kind without one does not compile. */
export type KindViews = { readonly [K in PrimaryKind]: CommandView };

/**
 * How the pending-changes panel presents the commands of each kind, from the features' public
 * surfaces, with the commands' own texts (their catalog part); loaded with the panel, not with
 * the console.
 */
export async function loadCommandViews(): Promise<KindViews> {
  const [ipBan, domain, content, alarm] = await Promise.all([
    loadIpBanCommandViews(),
    loadDomainCommandViews(),
    loadContentCommandViews(),
    loadAlarmCommandViews(),
    loadCatalogPart('commands'),
  ]);
  return { ...ipBan, ...domain, ...content, ...alarm };
}
