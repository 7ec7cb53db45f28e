import type { I18n, MessageDescriptor } from '@lingui/core';
import { foldOf } from '../../commands/fold';
import { msg } from '@lingui/core/macro';
import type { DomainEntry, DomainGroup } from '../../contract/domain';
import type { CommandLike, CommandView, CommandViews, ComparedField } from '../../ui/command-views';
import { configSections, contentOf, sectionKinds, type SectionKind } from '../../contract/domain-config';
import { sectionTabs, sectionTitles } from './config/config-messages';
import { diffConfig } from './config/diff';
import { describeChange } from './config/labels';
import { domainFold, domainGroupFold } from './fold';
import { statusLabels } from './domain-messages';
import type { DomainDetailTab } from './search';

const describeMessages = {
  'domain.create': msg({ id: 'domain.command.create', message: 'Add domain {name}' }),
  'domain.copyConfig': msg({ id: 'domain.command.copyConfig', message: 'Copy configuration to {name}' }),
  'domain.hangUp': msg({ id: 'domain.command.hangUp', message: 'Suspend {name}' }),
  'domain.recover': msg({ id: 'domain.command.recover', message: 'Resume {name}' }),
  'domain.delete': msg({ id: 'domain.command.delete', message: 'Delete {name}' }),
  'domain.rename': msg({ id: 'domain.command.rename', message: 'Rename {name} to {to}' }),
  'domain.move': msg({ id: 'domain.command.move', message: 'Move {name} to another group' }),
  'domainGroup.create': msg({ id: 'domain.command.groupCreate', message: 'Create group {name}' }),
  'domainGroup.rename': msg({ id: 'domain.command.groupRename', message: 'Rename group {name} to {to}' }),
  'domainGroup.delete': msg({ id: 'domain.command.groupDelete', message: 'Delete group {name}' }),
} as const;
type Name = keyof typeof describeMessages;

const labels = {
  domain: msg({ id: 'domain.field.domain', message: 'Domain' }),
  status: msg({ id: 'domain.field.status', message: 'Status' }),
  groupName: msg({ id: 'domain.field.groupName', message: 'Group name' }),
  absent: msg({ id: 'domain.command.notOnServer', message: 'Not on the server' }),
  deleted: msg({ id: 'domain.command.groupDeleted', message: 'deleted' }),
};

const fieldsOf = (command: CommandLike): Record<string, unknown> =>
  typeof command.payload === 'object' && command.payload !== null
    ? (command.payload as Record<string, unknown>)
    : {};
const textOf = (value: unknown) => (typeof value === 'string' ? value : '');

/** The name an edit shows: the name it was made on, or the one it gives. */
function names(command: CommandLike): { name: string; to: string } {
  const p = fieldsOf(command);
  switch (command.name) {
    case 'domain.create':
    case 'domain.copyConfig':
      return { name: textOf(p.domain), to: '' };
    case 'domain.rename':
      return { name: textOf(p.shown_as) || textOf(p.id), to: textOf(p.domain) };
    case 'domainGroup.create':
      return { name: textOf(p.name), to: '' };
    case 'domainGroup.rename':
      return { name: textOf(p.shown_as) || textOf(p.id), to: textOf(p.name) };
    default:
      return { name: textOf(p.shown_as) || textOf(p.id), to: '' };
  }
}

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

function domainView(name: Name): CommandView {
  return {
    describe: (command, i18n) =>
      i18n._({ ...describeMessages[name], values: names(command) } as MessageDescriptor),
    compare(command, current, i18n): ComparedField[] {
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
      const id = textOf(fieldsOf(command).id);
      return name === 'domain.delete'
        ? '#/cdn/domain/list'
        : `#/cdn/domain/detail?id=${encodeURIComponent(id)}`;
    },
  };
}

function groupView(name: Name): CommandView {
  const groupName = (group: DomainGroup | undefined, i18n: I18n) =>
    group
      ? group.deleted
        ? `${group.name} (${i18n._(labels.deleted)})`
        : group.name
      : i18n._(labels.absent);
  return {
    describe: (command, i18n) =>
      i18n._({ ...describeMessages[name], values: names(command) } as MessageDescriptor),
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
}

const configMessages = {
  set: msg({ id: 'domainConfig.command.set', message: 'Change {section} of {name}' }),
  revert: msg({
    id: 'domainConfig.command.revert',
    message: 'Revert {section} of {name} to version {version}',
  }),
  origins: msg({ id: 'domainConfig.command.origins', message: 'Change the origins of {name}' }),
  associate: msg({
    id: 'domainConfig.command.associate',
    message: 'Associate certificate {cert} with {name}',
  }),
  httpsOff: msg({ id: 'domainConfig.command.httpsOff', message: 'Turn HTTPS off for {name}' }),
};

const detailHref = (command: CommandLike, tab: DomainDetailTab) =>
  `#/cdn/domain/detail?id=${encodeURIComponent(textOf(fieldsOf(command).id))}&section=${tab}`;

/** Side by side, field by field: the server's value and the edit's. */
function comparedChanges(before: unknown, after: unknown, i18n: I18n): ComparedField[] {
  return diffConfig(before, after).map((change) => {
    const row = describeChange(change, i18n);
    return { label: row.label, server: row.before, mine: row.after };
  });
}

/** A section's set: its title, the domain, and what it changes against the server's section. */
function sectionView(kind: SectionKind): CommandView {
  return {
    describe(command, i18n) {
      const p = fieldsOf(command);
      const values = {
        section: i18n._(sectionTitles[kind]),
        name: textOf(p.shown_as) || textOf(p.id),
        version: typeof p.reverted_from === 'number' ? p.reverted_from : 0,
      };
      return i18n._({
        ...(p.reverted_from ? configMessages.revert : configMessages.set),
        values,
      } as MessageDescriptor);
    },
    compare(command, current, i18n) {
      const server =
        typeof current === 'object' && current !== null
          ? contentOf(current)
          : (configSections[kind].defaults as Record<string, unknown>);
      return comparedChanges(server, fieldsOf(command).content, i18n);
    },
    href: (command) => detailHref(command, sectionTabs[kind]),
  };
}

const originsView: CommandView = {
  describe: (command, i18n) =>
    i18n._({ ...configMessages.origins, values: { name: names(command).name } } as MessageDescriptor),
  compare: (command, current, i18n) =>
    comparedChanges(
      { origins: isDomain(current) ? current.origins : [] },
      { origins: fieldsOf(command).origins },
      i18n,
    ),
  href: (command) => detailHref(command, 'origin'),
};

const httpsFold = foldOf('domainHttps');

/** The HTTPS section's certificate commands: what they change against the server's section. */
function httpsCommandView(name: 'domainHttps.associate' | 'domainHttps.off'): CommandView {
  return {
    describe(command, i18n) {
      const p = fieldsOf(command);
      const values = {
        name: textOf(p.shown_as) || textOf(p.id),
        cert: textOf(p.cert_name) || textOf(p.certificate_id),
      };
      return i18n._({
        ...(name === 'domainHttps.associate' ? configMessages.associate : configMessages.httpsOff),
        values,
      } as MessageDescriptor);
    },
    compare(command, current, i18n) {
      const server = (
        typeof current === 'object' && current !== null ? current : configSections.domainHttps.defaults
      ) as Record<string, unknown>;
      const next = httpsFold(server as never, command) ?? server;
      return comparedChanges(contentOf(server), contentOf(next), i18n);
    },
    href: (command) => detailHref(command, sectionTabs.domainHttps),
  };
}

/** How the pending-changes panel shows the domain and group commands. */
export const domainCommandViews: CommandViews = {
  'domain.create': domainView('domain.create'),
  'domain.copyConfig': domainView('domain.copyConfig'),
  'domain.hangUp': domainView('domain.hangUp'),
  'domain.recover': domainView('domain.recover'),
  'domain.delete': domainView('domain.delete'),
  'domain.rename': domainView('domain.rename'),
  'domain.move': domainView('domain.move'),
  'domainGroup.create': groupView('domainGroup.create'),
  'domainGroup.rename': groupView('domainGroup.rename'),
  'domainGroup.delete': groupView('domainGroup.delete'),
  'domain.setOrigins': originsView,
  ...Object.fromEntries(sectionKinds.map((kind) => [`${kind}.set`, sectionView(kind)])),
  'domainHttps.associate': httpsCommandView('domainHttps.associate'),
  'domainHttps.off': httpsCommandView('domainHttps.off'),
};
