import type { z } from 'zod';
import type { AnyCommand } from './command';
import { alarmContactDelete, alarmContactSave, alarmGroupDelete, alarmGroupSave } from './alarm/contact';
import { alarmPolicyCopy } from './alarm/copy-policy';
import { alarmPolicyDelete, alarmPolicyEnable, alarmPolicySave } from './alarm/policy';
import { alarmTemplateDelete, alarmTemplateSave } from './alarm/template';
import { contentRetry } from './content/retry';
import { contentSubmit } from './content/submit';
import { domainCopyConfig } from './domain/copy-config';
import { domainCreate } from './domain/create';
import { domainDelete, domainHangUp, domainRecover } from './domain/lifecycle';
import { domainMove } from './domain/move';
import { domainRename } from './domain/rename';
import { domainSetOrigins } from './domain/set-origins';
import {
  accessSet,
  cacheSet,
  headersSet,
  httpsSet,
  originSettingsSet,
  performanceSet,
  rewritesSet,
  speedLimitSet,
  urlAuthSet,
} from './domain-config/sections';
import { httpsAssociate, httpsOff } from './domain-config/certificate';
import { domainGroupCreate } from './domain-group/create';
import { domainGroupDelete } from './domain-group/delete';
import { domainGroupRename } from './domain-group/rename';
import { ipBanBan } from './ip-ban/ban';
import { ipBanUnban } from './ip-ban/unban';
import { ipBanUpdate } from './ip-ban/update';

/**
 * Every command, by name: the outbox, the push and single-command endpoints, the executor and the
 * pending-changes panel all read this table. A new command is its module and one line here.
 */
export const commands = {
  [ipBanBan.name]: ipBanBan,
  [ipBanUpdate.name]: ipBanUpdate,
  [ipBanUnban.name]: ipBanUnban,
  [domainCreate.name]: domainCreate,
  [domainCopyConfig.name]: domainCopyConfig,
  [domainHangUp.name]: domainHangUp,
  [domainRecover.name]: domainRecover,
  [domainDelete.name]: domainDelete,
  [domainRename.name]: domainRename,
  [domainMove.name]: domainMove,
  [domainSetOrigins.name]: domainSetOrigins,
  [domainGroupCreate.name]: domainGroupCreate,
  [domainGroupRename.name]: domainGroupRename,
  [domainGroupDelete.name]: domainGroupDelete,
  [originSettingsSet.name]: originSettingsSet,
  [cacheSet.name]: cacheSet,
  [httpsSet.name]: httpsSet,
  [accessSet.name]: accessSet,
  [headersSet.name]: headersSet,
  [rewritesSet.name]: rewritesSet,
  [performanceSet.name]: performanceSet,
  [urlAuthSet.name]: urlAuthSet,
  [speedLimitSet.name]: speedLimitSet,
  [httpsAssociate.name]: httpsAssociate,
  [httpsOff.name]: httpsOff,
  [contentSubmit.name]: contentSubmit,
  [alarmPolicySave.name]: alarmPolicySave,
  [alarmPolicyEnable.name]: alarmPolicyEnable,
  [alarmPolicyDelete.name]: alarmPolicyDelete,
  [alarmPolicyCopy.name]: alarmPolicyCopy,
  [alarmTemplateSave.name]: alarmTemplateSave,
  [alarmTemplateDelete.name]: alarmTemplateDelete,
  [alarmContactSave.name]: alarmContactSave,
  [alarmContactDelete.name]: alarmContactDelete,
  [alarmGroupSave.name]: alarmGroupSave,
  [alarmGroupDelete.name]: alarmGroupDelete,
  [contentRetry.name]: contentRetry,
} as const;

export type Commands = typeof commands;
export type CommandName = keyof Commands;
/** The kinds a command is based on: what the outbox files a queued command under. */
export type PrimaryKind = { [N in CommandName]: Commands[N]['primary'] }[CommandName];
/** A command's payload as its rules leave it (what the outbox keeps). */
export type PayloadOf<N extends CommandName> = z.output<Commands[N]['payload']>;
/** A command's payload as a caller may send it (defaults left out). */
export type PayloadInput<N extends CommandName> = z.input<Commands[N]['payload']>;

export const isCommandName = (name: string): name is CommandName => Object.hasOwn(commands, name);

/** The module of a command name, for code that holds names it did not choose (the outbox, a push). */
export const commandNamed = (name: string): AnyCommand | undefined =>
  isCommandName(name) ? (commands[name] as AnyCommand) : undefined;
