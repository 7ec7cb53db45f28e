import { aggregateLockName } from '../../commands/locks';
import type { LockSpec, ServerSides } from '../../aggregates/types';
import type { Executor } from '../../db/client';
import type { Origin } from '../../../src/contract/domain';
import { contentOf, sectionKinds, type SectionContent } from '../../../src/contract/domain-config';
import { sectionsCopied, type CopyContent } from '../../../src/contract/rules/domain';
import type { OriginFacts } from '../../../src/commands/domain/rules';
import { documentAt, loadDocuments } from '../../aggregates/documents';
import { addressKind } from '../../net/outbound';
import { askGroupRules, askRules, domainNameLockName, liveNamesAmong, loadDomain } from './service';

/**
 * The source's sections a copy carries, each at the version the user confirmed (0: its defaults;
 * not named: as it is now). A version the source never had is refused.
 */
async function copiedSectionsOf(
  tx: Executor,
  accountId: number,
  payload: { source_id: string; contents: CopyContent[]; section_versions: Record<string, number> },
) {
  const kinds = sectionsCopied(payload.contents);
  const stored = await loadDocuments(tx, accountId, kinds, payload.source_id);
  const sections: Record<string, Record<string, unknown> | null> = {};
  for (const kind of kinds) {
    const now = stored.get(kind);
    const version = payload.section_versions[kind] ?? now?.version ?? 0;
    const data =
      version === (now?.version ?? 0)
        ? (now?.data ?? {})
        : version === 0
          ? {}
          : await documentAt(tx, accountId, kind, payload.source_id, version);
    // What a section lacks is its defaults: the copy's `apply` lays the content over them.
    sections[kind] = data && contentOf(data);
  }
  return sections;
}

/**
 * The origins an edge may not connect to under the outbound policy (server/net/outbound.ts).
 * Only IP origins are judged: a host name is resolved by the edge when it connects, and what it
 * resolves to here and now says nothing of that. The documentation blocks (RFC 5737, 3849, 9637)
 * pass: they route nowhere, and the demo's domains and the examples use them as origins.
 */
function originFactsOf(origins: readonly Origin[]): OriginFacts {
  return {
    originsNotPublic: origins.flatMap((origin, index) => {
      if (origin.type !== 'ip') return [];
      const kind = addressKind(origin.address);
      return kind === 'global' || kind === 'documentation' ? [] : [{ index, local: kind === 'local' }];
    }),
  };
}

/** Reads a group only: a move into it and its deletion do not cross. */
const groupShared = (accountId: number, groupId: string | null): LockSpec[] =>
  groupId === null ? [] : [{ name: aggregateLockName(accountId, 'domainGroup', groupId), shared: true }];

/** The lock of the account's domain count: two creations do not both take the last place. */
const domainCount = (accountId: number): LockSpec => ({ name: `domainCount:${accountId}` });

/** The lock of the account's group names and count (create, rename). */
const groupNames = (accountId: number): LockSpec[] => [{ name: `domainGroupNames:${accountId}` }];

/** The server side of the domain and group commands (see `ServerSide`). */
export const domainServerSides: ServerSides = {
  'domain.create': {
    locks: ({ accountId, payload }) => [
      ...groupShared(accountId, payload.group_id),
      { name: domainNameLockName(payload.domain) },
      domainCount(accountId),
    ],
    async facts(tx, { accountId, payload }) {
      const answers = await askRules(tx, accountId, {
        name: payload.domain,
        groupId: payload.group_id,
        held: true,
      });
      return {
        nameTaken: answers.nameTaken,
        groupExists: payload.group_id === null || answers.groupExists,
        held: answers.held,
        ...originFactsOf(payload.origins),
      };
    },
  },
  'domain.setOrigins': {
    facts: async (_tx, { payload }) => originFactsOf(payload.origins),
  },
  'domain.copyConfig': {
    locks: ({ accountId, payload }) => [
      { name: aggregateLockName(accountId, 'domain', payload.source_id), shared: true },
      ...groupShared(accountId, payload.group_id),
      { name: domainNameLockName(payload.domain) },
      domainCount(accountId),
    ],
    async facts(tx, { accountId, payload }) {
      const answers = await askRules(tx, accountId, {
        name: payload.domain,
        groupId: payload.group_id,
        sourceId: payload.source_id,
        held: true,
      });
      return {
        nameTaken: answers.nameTaken,
        groupExists: payload.group_id === null || answers.groupExists,
        held: answers.held,
        ...originFactsOf(payload.origins),
        source: answers.source && {
          status: answers.source.status,
          special_config: answers.source.specialConfig,
        },
        sections: answers.source ? await copiedSectionsOf(tx, accountId, payload) : {},
      };
    },
  },
  'domain.rename': {
    locks: ({ payload }) => [{ name: domainNameLockName(payload.domain) }],
    async facts(tx, { accountId, payload }) {
      const answers = await askRules(tx, accountId, { name: payload.domain, exceptId: payload.id });
      return { nameTaken: answers.nameTaken, groupExists: true };
    },
  },
  'domain.move': {
    locks: ({ accountId, payload }) => groupShared(accountId, payload.group_id),
    async facts(tx, { accountId, payload }) {
      if (payload.group_id === null) return { groupExists: true };
      return { groupExists: (await askRules(tx, accountId, { groupId: payload.group_id })).groupExists };
    },
  },
  'domainGroup.create': {
    locks: ({ accountId }) => groupNames(accountId),
    async facts(tx, { accountId, payload }) {
      const rules = await askGroupRules(tx, accountId, { name: payload.name, exceptId: payload.id });
      return { nameTaken: rules.nameTaken, groups: rules.groups };
    },
  },
  'domainGroup.rename': {
    locks: ({ accountId }) => groupNames(accountId),
    async facts(tx, { accountId, payload }) {
      return {
        nameTaken: (await askGroupRules(tx, accountId, { name: payload.name, exceptId: payload.id }))
          .nameTaken,
      };
    },
  },
  'domainGroup.delete': {
    async facts(tx, { accountId, payload }) {
      const rules = await askGroupRules(tx, accountId, { exceptId: payload.id, domainsOf: payload.id });
      return { holdsDomains: rules.holdsDomains };
    },
  },
};

/** The target domains a rewrites section names (only those are looked up). */
const rewriteTargets = (payload: { id: string }) => {
  const { content } = payload as unknown as { content: SectionContent<'domainRewrites'> };
  return [...new Set([...content.origin_url, ...content.access_url].map((r) => r.target_domain))].filter(
    (name) => name !== '',
  );
};

/**
 * The server side of every section command: the domain is read (it must be live, without a special
 * configuration), shared, so a deletion waits for the edit and not the other way; the rewrites'
 * target domains must be accelerated domains of the account.
 */
export const sectionServerSides: ServerSides = Object.fromEntries(
  sectionKinds.map((kind) => [
    `${kind}.set`,
    {
      locks: ({ accountId, payload }: { accountId: number; payload: { id: string } }): LockSpec[] => [
        { name: aggregateLockName(accountId, 'domain', payload.id), shared: true },
      ],
      async facts(tx: Executor, { accountId, payload }: { accountId: number; payload: { id: string } }) {
        const domain = await loadDomain(tx, accountId, payload.id);
        return {
          domain: domain && { status: domain.row.status, special_config: domain.row.specialConfig },
          ...(kind === 'domainRewrites'
            ? { domainNames: await liveNamesAmong(tx, accountId, rewriteTargets(payload)) }
            : {}),
        };
      },
    },
  ]),
);
