import type { I18n } from '@lingui/core';
import { foldOf } from '../../commands/fold';
import { msg } from '@lingui/core/macro';
import type { DomainEntry, DomainGroup } from '../../contract/domain';
import type { CommandCall, CommandOfKind } from '../../commands/queue';
import type { CommandView, ComparedField } from '../../ui/command-views';
import { configSections, contentOf, sectionKinds, type SectionKind } from '../../contract/domain-config';
import { sectionTabs } from './config/config-messages';
import { diffConfig } from './config/diff';
import { describeChange } from './config/labels';
import { domainFold, domainGroupFold } from './fold';
import { statusLabels } from './domain-messages';
import type { DomainDetailTab } from './search';

const labels = {
  domain: msg({ id: 'domain.field.domain', message: 'Domain' }),
  status: msg({ id: 'domain.field.status', message: 'Status' }),
  groupName: msg({ id: 'domain.field.groupName', message: 'Group name' }),
  absent: msg({ id: 'domain.command.notOnServer', message: 'Not on the server' }),
  deleted: msg({ id: 'domain.command.groupDeleted', message: 'deleted' }),
};

type DomainCommand = CommandOfKind<'domain'>;
/** A section's set (the HTTPS section's certificate commands are its own view's). */
type SectionSet = Extract<CommandCall, { name: `${SectionKind}.set` }>;

const isDomain = (value: unknown): value is DomainEntry =>
  typeof value === 'object' && value !== null && typeof (value as DomainEntry).domain === 'string';
const isGroup = (value: unknown): value is DomainGroup =>
  typeof value === 'object' && value !== null && typeof (value as DomainGroup).name === 'string';

function domainFields(entry: DomainEntry | undefined, i18n: I18n) {
  return {
    domain: entry ? entry.domain : i18n._(labels.absent),
    status: entry ? i18n._(statusLabels[entry.status]) : i18n._(labels.absent),
  };
}

/** A domain's own commands: its name and state; its origins, field by field. */
const domainKindView: CommandView<DomainCommand> = {
  compare(command, current, i18n): ComparedField[] {
    if (command.name === 'domain.setOrigins')
      return comparedChanges(
        { origins: isDomain(current) ? current.origins : [] },
        { origins: command.payload.origins },
        i18n,
      );
    const server = isDomain(current) ? current : undefined;
    const mine = domainFold(server, command);
    const theirs = domainFields(server, i18n);
    const ours = domainFields(mine, i18n);
    return (['domain', 'status'] as const).map((key) => ({
      label: i18n._(labels[key]),
      server: theirs[key],
      mine: ours[key],
    }));
  },
  href: (command) => {
    if (command.name === 'domain.delete') return '#/cdn/domain/list';
    if (command.name === 'domain.setOrigins') return detailHref(command, 'origin');
    return `#/cdn/domain/detail?id=${encodeURIComponent(command.payload.id)}`;
  },
};

const groupName = (group: DomainGroup | undefined, i18n: I18n) =>
  group ? (group.deleted ? `${group.name} (${i18n._(labels.deleted)})` : group.name) : i18n._(labels.absent);

const groupKindView: CommandView<CommandOfKind<'domainGroup'>> = {
  compare(command, current, i18n): ComparedField[] {
    const server = isGroup(current) ? current : undefined;
    return [
      {
        label: i18n._(labels.groupName),
        server: groupName(server, i18n),
        mine: groupName(domainGroupFold(server, command), i18n),
      },
    ];
  },
  href: () => '#/cdn/domain/list',
};

const detailHref = ({ payload }: { payload: { id: string } }, tab: DomainDetailTab) =>
  `#/cdn/domain/detail?id=${encodeURIComponent(payload.id)}&section=${tab}`;

/** Side by side, field by field: the server's value and the edit's. */
function comparedChanges(before: unknown, after: unknown, i18n: I18n): ComparedField[] {
  return diffConfig(before, after).map((change) => {
    const row = describeChange(change, i18n);
    return { label: row.label, server: row.before, mine: row.after };
  });
}

/** A section's set: what it changes against the server's section. */
function sectionView(kind: SectionKind): CommandView<SectionSet> {
  return {
    compare(command, current, i18n) {
      const server =
        typeof current === 'object' && current !== null
          ? contentOf(current)
          : (configSections[kind].defaults as Record<string, unknown>);
      return comparedChanges(server, command.payload.content, i18n);
    },
    href: (command) => detailHref(command, sectionTabs[kind]),
  };
}

const httpsFold = foldOf('domainHttps');
const httpsSettings = sectionView('domainHttps');

/** The HTTPS section: its settings as a section, its certificate's association and HTTPS off by what they change. */
const httpsView: CommandView<CommandOfKind<'domainHttps'>> = {
  compare(command, current, i18n) {
    if (command.name === 'domainHttps.set') return httpsSettings.compare(command, current, i18n);
    const server = (
      typeof current === 'object' && current !== null ? current : configSections.domainHttps.defaults
    ) as Record<string, unknown>;
    const next = httpsFold(server as never, command) ?? server;
    return comparedChanges(contentOf(server), contentOf(next), i18n);
  },
  href: (command) => detailHref(command, sectionTabs.domainHttps),
};

/** How the pending-changes panel shows the domain, group and configuration commands. */
export const domainCommandViews = {
  domain: domainKindView,
  domainGroup: groupKindView,
  ...(Object.fromEntries(sectionKinds.map((kind) => [kind, sectionView(kind)])) as {
    [K in Exclude<SectionKind, 'domainHttps'>]: CommandView<CommandOfKind<K>>;
  }),
  domainHttps: httpsView,
} satisfies { readonly [K in 'domain' | 'domainGroup' | SectionKind]: CommandView<CommandOfKind<K>> };
