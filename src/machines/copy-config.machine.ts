import { assign, fromPromise, setup } from 'xstate';
import { limits } from '../contract/limits';
import {
  canApply,
  checkCopyTargets,
  checkDomainName,
  checkDomainNames,
  checkOrigins,
  type CopyContent,
  type CopyTargetsProblem,
  type DomainNameProblem,
  type DomainStatus,
  type OriginInput,
  type OriginIssue,
} from '../contract/rules/domain';

/**
 * An origin as the wizard's form holds it: numbers as typed, a key for the row. The same shape
 * as the domain feature's `OriginDraft` (machines do not import features).
 */
export interface CopyOriginDraft extends OriginInput {
  key: string;
  port: string;
  level: string;
  weight: string;
}

/** The basic information a new domain takes from the source (the feature's `BasicDraft`). */
export interface CopyBasic {
  service_type: string;
  area: string;
  business_type: string;
}

/** The domain whose configuration is copied, as the screen read it from the store. */
export interface CopySource {
  id: string;
  domain: string;
  status: DomainStatus;
  special_config: boolean;
  /** The server's version: 0 while its creation waits in the outbox. */
  version: number;
  basic: CopyBasic;
  origins: CopyOriginDraft[];
  /** Its group, when it is in one that still exists. */
  group_id: string | null;
}

/** Where a target stands once queued: waiting for the server, created, or refused. */
export type CopyTargetResult = 'pending' | 'created' | 'failed';

/** One new domain of the copy. */
export interface CopyTarget {
  /** The row's key: stable while the user edits, and across retries. */
  key: string;
  /** As typed; trimmed when checked and sent. */
  name: string;
  /** The id of the new domain (the command's aggregate) once queued; a retry gives a new one. */
  id: string | null;
  result: CopyTargetResult | null;
  /** The server's message when it refused this target. */
  message: string | null;
}

export type CopyTargetProblem = DomainNameProblem | 'domain.name.duplicate' | 'domain.name.exists';

/** What the `queue` and `requeue` actors save: one `domain.copyConfig` per target, one copy id. */
export interface CopyRequest {
  copyId: string;
  sourceId: string;
  targets: {
    key: string;
    name: string;
    /** The parked command a retry replaces. */ previousId: string | null;
  }[];
  basic: CopyBasic;
  origins: CopyOriginDraft[];
  contents: CopyContent[];
  groupId: string | null;
  /** The version of each copied section of the source, as the user saw it. */
  sectionVersions: Record<string, number>;
}

/** The new domain's id each queued target got. */
export interface QueuedTarget {
  key: string;
  id: string;
}

export interface CopyConfigInput {
  sourceId: string;
  /** Shared by every target of this copy (the server counts at most 10 per copy id). */
  copyId: string;
  /** The service domains that exist already (of this account, as the store knows them). */
  existingNames?: readonly string[];
}

export interface CopyConfigContext {
  sourceId: string;
  copyId: string;
  source: CopySource | null;
  existingNames: readonly string[];
  targets: CopyTarget[];
  /** Each target's problem by its key, once the user tried to go on. */
  targetIssues: Record<string, CopyTargetProblem>;
  targetsProblem: CopyTargetsProblem | null;
  /** After a refused "next", problems follow the typing. */
  checkingTargets: boolean;
  copyGroup: boolean;
  /** The configuration contents chosen (cache, HTTPS, access control, performance, advanced). */
  sections: SectionContentChoice[];
  /** The source's configuration as this device read it: each section's version, and whether HTTPS has a certificate. */
  sourceConfig: CopySourceConfig | null;
  basic: CopyBasic;
  origins: CopyOriginDraft[];
  originIssues: OriginIssue[];
  checkingOrigins: boolean;
  /** Saving in the outbox failed (storage full): nothing was queued, everything is kept. */
  failure: unknown;
  /** The next row key's number. */
  nextKey: number;
}

export type CopyConfigEvent =
  | { type: 'source.loaded'; source: CopySource | null }
  | { type: 'names.known'; names: readonly string[] }
  | { type: 'target.add' }
  | { type: 'target.remove'; key: string }
  | { type: 'target.change'; key: string; name: string }
  /** Several names pasted into one row (one per line, or separated by spaces or commas). */
  | { type: 'target.paste'; key: string; text: string }
  | { type: 'contents.group'; on: boolean }
  | { type: 'contents.section'; content: SectionContentChoice; on: boolean }
  | { type: 'source.config'; config: CopySourceConfig }
  | { type: 'basic.change'; value: CopyBasic }
  | { type: 'origins.change'; value: CopyOriginDraft[] }
  | { type: 'step.next' }
  | { type: 'step.back' }
  | { type: 'copy.submit' }
  /** Reports from the outbox and the server about one queued target, by its id. */
  | { type: 'target.queued'; id: string }
  | { type: 'target.succeeded'; id: string }
  | { type: 'target.failed'; id: string; message: string }
  | { type: 'retry.submit' };

export type CopyStep = 'targets' | 'contents' | 'confirm' | 'done';
type CopyTag = CopyStep | 'busy' | 'blocked';

const emptyBasic: CopyBasic = { service_type: '', area: '', business_type: '' };

const target = (n: number, name = ''): CopyTarget => ({
  key: `target-${n}`,
  name,
  id: null,
  result: null,
  message: null,
});

const existing = (names: readonly string[]) => new Set(names.map((name) => name.trim().toLowerCase()));

/**
 * The problems of the whole target list (spec §5 "Copy configuration"): between one and ten
 * names; each a valid service domain, entered once, and not a domain that exists already.
 */
export function checkTargets(
  targets: readonly Pick<CopyTarget, 'key' | 'name'>[],
  existingNames: readonly string[],
): { list: CopyTargetsProblem | null; byKey: Record<string, CopyTargetProblem> } {
  const names = targets.map((t) => t.name.trim());
  const byKey: Record<string, CopyTargetProblem> = {};
  for (const issue of checkDomainNames(names)) {
    const key = targets[issue.index]?.key;
    if (key !== undefined) byKey[key] = issue.message_id;
  }
  const taken = existing(existingNames);
  for (const [i, t] of targets.entries())
    if (byKey[t.key] === undefined && taken.has((names[i] ?? '').toLowerCase()))
      byKey[t.key] = 'domain.name.exists';
  return { list: checkCopyTargets(names), byKey };
}

/**
 * The problems of the failed targets about to be retried, possibly renamed: each a valid
 * domain, the same as no other target of the copy, and not an existing domain.
 */
export function checkRetryTargets(
  targets: readonly CopyTarget[],
  existingNames: readonly string[],
): Record<string, CopyTargetProblem> {
  const taken = existing(existingNames);
  const byKey: Record<string, CopyTargetProblem> = {};
  for (const t of targets) {
    if (t.result !== 'failed') continue;
    const name = t.name.trim();
    const problem =
      checkDomainName(name) ??
      (targets.some((other) => other.key !== t.key && other.name.trim() === name)
        ? 'domain.name.duplicate'
        : taken.has(name.toLowerCase())
          ? 'domain.name.exists'
          : null);
    if (problem) byKey[t.key] = problem;
  }
  return byKey;
}

/** The configuration contents a copy may carry besides basic information, origins and group. */
export const sectionContentChoices = ['cache', 'https', 'access', 'performance', 'advanced'] as const;
export type SectionContentChoice = (typeof sectionContentChoices)[number];

export interface CopySourceConfig {
  versions: Record<string, number>;
  /** HTTPS cannot be copied then (spec §5). */
  hasCertificate: boolean;
}

/**
 * The contents a copy carries: a new domain needs basic information and origins; group and the
 * configuration sections are optional (HTTPS only while the source has no certificate).
 */
export const contentsOf = (
  copyGroup: boolean,
  sections: readonly SectionContentChoice[] = [],
  sourceConfig: CopySourceConfig | null = null,
): CopyContent[] => [
  'basic',
  'origin',
  ...(copyGroup ? (['group'] as const) : []),
  // A section goes at the version read on this device: none while the source's configuration is unread.
  ...(sourceConfig === null ? [] : sections.filter((s) => s !== 'https' || !sourceConfig.hasCertificate)),
];

/** The names of one paste: one per line, or separated by spaces, commas or semicolons. */
const splitNames = (text: string) => text.split(/[\s,;，；]+/).filter((part) => part !== '');

const requestOf = (context: CopyConfigContext, targets: CopyRequest['targets']): CopyRequest => ({
  copyId: context.copyId,
  sourceId: context.sourceId,
  targets,
  basic: context.basic,
  origins: context.origins,
  contents: contentsOf(context.copyGroup, context.sections, context.sourceConfig),
  groupId: context.copyGroup ? (context.source?.group_id ?? null) : null,
  sectionVersions: context.sourceConfig?.versions ?? {},
});

const withIds = (targets: CopyTarget[], queued: readonly QueuedTarget[]): CopyTarget[] => {
  const ids = new Map(queued.map((q) => [q.key, q.id]));
  return targets.map((t) => {
    const id = ids.get(t.key);
    return id === undefined ? t : { ...t, id, result: 'pending', message: null };
  });
};

const report = (targets: CopyTarget[], id: string, result: CopyTargetResult, message: string | null) =>
  targets.map((t) => (t.id === id ? { ...t, result, message } : t));

const sourceEvent = (event: CopyConfigEvent) => (event.type === 'source.loaded' ? event.source : null);

/** The states of the wizard's steps, and of the blocks, that a (re)loaded source leads to. */
const onSourceLoaded = [
  { guard: 'sourceMissing', target: '#copyConfig.notFound' },
  { guard: 'sourceDeleted', target: '#copyConfig.deleted' },
  { guard: 'sourceSpecial', target: '#copyConfig.specialConfig' },
  { guard: 'sourceUnsynced', target: '#copyConfig.unsynced' },
] as const;

/** A block: the wizard says why and links back to the list. A fresher read may lift it. */
const blocked = {
  tags: ['blocked'],
  on: { 'source.loaded': [...onSourceLoaded, { target: 'targets', actions: 'takeSource' }] },
} as const;

/**
 * The copy-configuration wizard (spec §2 /cdn/domain/copy/{id}, §5, §6, §8): fill in the new
 * domains (at most 10), choose what to copy, confirm the basic and origin information, done.
 *
 * The source comes from the store (`source.loaded`): a missing or deleted source, one with a
 * special configuration (spec §6), or one the server does not hold yet blocks the wizard.
 * Going back and forth keeps everything typed.
 * The injected `queue` actor saves one `domain.copyConfig` per target in the outbox, all or none;
 * the results arrive as `target.*` reports, and the failed targets alone can be sent again
 * (`requeue`), renamed if need be.
 */
export const copyConfigMachine = setup({
  types: {
    input: {} as CopyConfigInput,
    context: {} as CopyConfigContext,
    events: {} as CopyConfigEvent,
    tags: {} as CopyTag,
  },
  actors: {
    /** Saves the targets' commands in one transaction; rejects when nothing could be saved. */
    queue: fromPromise<QueuedTarget[], CopyRequest>(() =>
      Promise.reject(new Error('copyConfigMachine: provide the queue actor')),
    ),
    /** Replaces the failed targets' parked commands with new ones (new ids, the same copy id). */
    requeue: fromPromise<QueuedTarget[], CopyRequest>(() =>
      Promise.reject(new Error('copyConfigMachine: provide the requeue actor')),
    ),
  },
  guards: {
    sourceMissing: ({ event }) => event.type === 'source.loaded' && event.source === null,
    sourceDeleted: ({ event }) => {
      const source = sourceEvent(event);
      return source !== null && !canApply('copy', source.status);
    },
    // spec §6: a special configuration made by work order cannot be copied by the user.
    sourceSpecial: ({ event }) => sourceEvent(event)?.special_config === true,
    // The server copies from the domain it holds: one still waiting to be created has none yet.
    sourceUnsynced: ({ event }) => sourceEvent(event)?.version === 0,
    // spec §5: ten per copy (one message of the original says 50; see `checkCopyTargets`).
    canAdd: ({ context }) => context.targets.length < limits.domain.copyTargetsMax,
    canRemove: ({ context }) => context.targets.length > 1,
    targetsValid: ({ context }) => {
      const { list, byKey } = checkTargets(context.targets, context.existingNames);
      return list === null && Object.keys(byKey).length === 0;
    },
    originsValid: ({ context }) => checkOrigins(context.origins).length === 0,
    hasGroup: ({ context }) => context.source?.group_id != null,
    anyFailed: ({ context }) => context.targets.some((t) => t.result === 'failed'),
    anyPending: ({ context }) => context.targets.some((t) => t.result === 'pending'),
    isFailedTarget: ({ context, event }) =>
      event.type === 'target.change' &&
      context.targets.some((t) => t.key === event.key && t.result === 'failed'),
    retryValid: ({ context }) =>
      Object.keys(checkRetryTargets(context.targets, context.existingNames)).length === 0,
  },
  actions: {
    /** The first source seen fills the form; a later one (a refreshed read) leaves the typing alone. */
    takeSource: assign(({ context, event }) => {
      const source = sourceEvent(event);
      if (!source) return {};
      const first = context.source === null;
      return first
        ? {
            source,
            basic: { ...source.basic },
            origins: source.origins.map((o) => ({ ...o })),
            copyGroup: source.group_id !== null,
          }
        : { source, copyGroup: context.copyGroup && source.group_id !== null };
    }),
    recheckTargets: assign(({ context }) => {
      if (!context.checkingTargets) return {};
      const { list, byKey } = checkTargets(context.targets, context.existingNames);
      return { targetsProblem: list, targetIssues: byKey };
    }),
    markTargets: assign(({ context }) => {
      const { list, byKey } = checkTargets(context.targets, context.existingNames);
      return { targetsProblem: list, targetIssues: byKey, checkingTargets: true };
    }),
    clearTargetIssues: assign({ targetsProblem: null, targetIssues: {}, checkingTargets: false }),
    recheckOrigins: assign(({ context }) =>
      context.checkingOrigins ? { originIssues: checkOrigins(context.origins) } : {},
    ),
    markOrigins: assign(({ context }) => ({
      originIssues: checkOrigins(context.origins),
      checkingOrigins: true,
    })),
    markRetry: assign(({ context }) => ({
      targetIssues: checkRetryTargets(context.targets, context.existingNames),
      checkingTargets: true,
    })),
    recheckRetry: assign(({ context }) =>
      context.checkingTargets
        ? { targetIssues: checkRetryTargets(context.targets, context.existingNames) }
        : {},
    ),
    changeName: assign({
      targets: ({ context, event }) =>
        event.type === 'target.change'
          ? context.targets.map((t) => (t.key === event.key ? { ...t, name: event.name } : t))
          : context.targets,
    }),
    record: assign({
      targets: ({ context, event }) => {
        switch (event.type) {
          case 'target.queued':
            return report(context.targets, event.id, 'pending', null);
          case 'target.succeeded':
            return report(context.targets, event.id, 'created', null);
          case 'target.failed':
            return report(context.targets, event.id, 'failed', event.message);
          default:
            return context.targets;
        }
      },
    }),
  },
}).createMachine({
  id: 'copyConfig',
  context: ({ input }) => ({
    sourceId: input.sourceId,
    copyId: input.copyId,
    source: null,
    existingNames: input.existingNames ?? [],
    targets: [target(1)],
    targetIssues: {},
    targetsProblem: null,
    checkingTargets: false,
    copyGroup: false,
    sections: [],
    sourceConfig: null,
    basic: emptyBasic,
    origins: [],
    originIssues: [],
    checkingOrigins: false,
    failure: null,
    nextKey: 2,
  }),
  initial: 'loading',
  on: {
    'names.known': { actions: assign({ existingNames: ({ event }) => event.names }) },
    'source.config': { actions: assign({ sourceConfig: ({ event }) => event.config }) },
  },
  states: {
    /** Waiting for the store (and, on a device that never read the domains, for the server). */
    loading: {
      on: {
        'source.loaded': [...onSourceLoaded, { target: 'targets', actions: 'takeSource' }],
      },
    },
    notFound: blocked,
    deleted: blocked,
    specialConfig: blocked,
    unsynced: blocked,
    /** The steps before submitting; a source that becomes blocked meanwhile stops them. */
    targets: {
      tags: ['targets'],
      on: {
        'source.loaded': [...onSourceLoaded, { actions: 'takeSource' }],
        'names.known': {
          actions: [assign({ existingNames: ({ event }) => event.names }), 'recheckTargets'],
        },
        'target.add': {
          guard: 'canAdd',
          actions: [
            assign(({ context }) => ({
              targets: [...context.targets, target(context.nextKey)],
              nextKey: context.nextKey + 1,
            })),
            'recheckTargets',
          ],
        },
        'target.remove': {
          guard: 'canRemove',
          actions: [
            assign({ targets: ({ context, event }) => context.targets.filter((t) => t.key !== event.key) }),
            'recheckTargets',
          ],
        },
        'target.change': { actions: ['changeName', 'recheckTargets'] },
        // A paste may bring more than ten names: they are all kept, and "next" says the limit.
        'target.paste': {
          actions: [
            assign(({ context, event }) => {
              const names = splitNames(event.text);
              const at = context.targets.findIndex((t) => t.key === event.key);
              if (at < 0 || names.length === 0) return {};
              const [first = '', ...rest] = names;
              const added = rest.map((name, i) => target(context.nextKey + i, name));
              const targets = [...context.targets];
              targets.splice(at, 1, { ...(targets[at] as CopyTarget), name: first }, ...added);
              return { targets, nextKey: context.nextKey + added.length };
            }),
            'recheckTargets',
          ],
        },
        'step.next': [
          { guard: 'targetsValid', target: 'contents', actions: 'clearTargetIssues' },
          { actions: 'markTargets' },
        ],
      },
    },
    contents: {
      tags: ['contents'],
      on: {
        'source.loaded': [...onSourceLoaded, { actions: 'takeSource' }],
        'contents.group': { guard: 'hasGroup', actions: assign({ copyGroup: ({ event }) => event.on }) },
        'contents.section': {
          actions: assign({
            sections: ({ context, event }) =>
              sectionContentChoices.filter((c) =>
                c === event.content ? event.on : context.sections.includes(c),
              ),
          }),
        },
        'step.back': 'targets',
        'step.next': 'confirm',
      },
    },
    confirm: {
      tags: ['confirm'],
      on: {
        'source.loaded': [...onSourceLoaded, { actions: 'takeSource' }],
        'basic.change': { actions: assign({ basic: ({ event }) => event.value }) },
        'origins.change': {
          actions: [assign({ origins: ({ event }) => event.value }), 'recheckOrigins'],
        },
        'step.back': { target: 'contents', actions: assign({ failure: null }) },
        'copy.submit': [
          {
            guard: 'originsValid',
            target: 'submitting',
            actions: assign({ originIssues: [], failure: null }),
          },
          { actions: 'markOrigins' },
        ],
      },
    },
    submitting: {
      tags: ['confirm', 'busy'],
      invoke: {
        src: 'queue',
        input: ({ context }) =>
          requestOf(
            context,
            context.targets.map((t) => ({ key: t.key, name: t.name.trim(), previousId: null })),
          ),
        onDone: {
          target: 'done',
          actions: assign({
            targets: ({ context, event }) =>
              withIds(
                context.targets.map((t) => ({ ...t, name: t.name.trim() })),
                event.output,
              ),
            checkingTargets: false,
            targetIssues: {},
          }),
        },
        onError: { target: 'confirm', actions: assign({ failure: ({ event }) => event.error }) },
      },
    },
    /** Queued: each target's result follows the outbox and the server's answers. */
    done: {
      tags: ['done'],
      initial: 'checking',
      on: {
        'target.queued': { actions: 'record' },
        'target.succeeded': { actions: 'record' },
        'target.failed': { actions: 'record' },
      },
      states: {
        checking: {
          always: [
            { guard: 'anyFailed', target: 'failed' },
            { guard: 'anyPending', target: 'settling' },
            { target: 'succeeded' },
          ],
        },
        /** Some targets wait for the server (or for the connection). */
        settling: {
          on: {
            'target.queued': { target: 'checking', actions: 'record' },
            'target.succeeded': { target: 'checking', actions: 'record' },
            'target.failed': { target: 'checking', actions: 'record' },
          },
        },
        /** spec §8 'copy config failed', with a retry of the failed targets only. */
        failed: {
          on: {
            'target.queued': { target: 'checking', actions: 'record' },
            'target.succeeded': { target: 'checking', actions: 'record' },
            'target.failed': { target: 'checking', actions: 'record' },
            'target.change': { guard: 'isFailedTarget', actions: ['changeName', 'recheckRetry'] },
            'names.known': {
              actions: [assign({ existingNames: ({ event }) => event.names }), 'recheckRetry'],
            },
            'retry.submit': [
              {
                guard: 'retryValid',
                target: 'retrying',
                actions: assign({ targetIssues: {}, checkingTargets: false, failure: null }),
              },
              { actions: 'markRetry' },
            ],
          },
        },
        retrying: {
          tags: ['busy'],
          invoke: {
            src: 'requeue',
            input: ({ context }) =>
              requestOf(
                context,
                context.targets
                  .filter((t) => t.result === 'failed')
                  .map((t) => ({ key: t.key, name: t.name.trim(), previousId: t.id })),
              ),
            onDone: {
              target: 'checking',
              actions: assign({
                targets: ({ context, event }) =>
                  withIds(
                    context.targets.map((t) => (t.result === 'failed' ? { ...t, name: t.name.trim() } : t)),
                    event.output,
                  ),
              }),
            },
            onError: { target: 'failed', actions: assign({ failure: ({ event }) => event.error }) },
          },
        },
        /** Every target was created. */
        succeeded: {},
      },
    },
  },
});
