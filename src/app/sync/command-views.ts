import type { CommandOfKind } from '../../commands/queue';
import { commandNamed, type PrimaryKind } from '../../commands/registry';
import { loadAlarmCommandViews } from '../../features/alarm';
import { loadContentCommandViews } from '../../features/content';
import { loadDomainCommandViews } from '../../features/domain';
import { loadIpBanCommandViews } from '../../features/ip-ban';
import { loadCatalogPart } from '../../i18n';
import type { OutboxCommand, OutboxEntry } from '../../store';
import type { CommandView } from '../../ui/command-views';

/**
 * A view for every kind a command is based on, taking the commands of its kind: a command of a kind
 * without one does not compile.
 */
export type KindViews = { readonly [K in PrimaryKind]: CommandView<CommandOfKind<K>> };

/**
 * The view of an entry's kind, for the entry's command. Only an entry its command module reads (its
 * schema version and payload) gets one: an edit queued by an older console is named, retried or
 * discarded, not shown field by field. TypeScript cannot follow that a kind's view and a command of
 * that kind go together: the one cast is here.
 */
export function viewOf(views: KindViews, entry: OutboxEntry): CommandView<OutboxCommand> | undefined {
  const module = commandNamed(entry.name);
  const readable =
    module?.schemaVersion === entry.schemaVersion && module.payload.safeParse(entry.payload).success;
  return readable && Object.hasOwn(views, entry.kind)
    ? (views[entry.kind] as CommandView<OutboxCommand>)
    : undefined;
}

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
