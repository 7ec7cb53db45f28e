import {
  alarmKindsMax,
  type AlarmContact,
  type AlarmGroup,
  type AlarmPolicy,
  type AlarmTemplate,
} from '../../../src/contract/alarm';
import type { LockSpec, ServerSides } from '../../aggregates/types';
import { documentsOf, type StoredDocument } from '../../aggregates/documents';
import type { Executor } from '../../db/client';
import { liveDomainsAmong } from '../domain/service';

type Settings = {
  alarmPolicy: AlarmPolicy;
  alarmTemplate: AlarmTemplate;
  alarmContact: AlarmContact;
  alarmGroup: AlarmGroup;
};
type SettingKind = keyof Settings;

const asSetting = <K extends SettingKind>(doc: StoredDocument) =>
  ({ ...doc.data, id: doc.id, version: doc.version }) as unknown as Settings[K];

/** The account's settings of one kind, not deleted (or every one changed since a time). */
export async function settingsOf<K extends SettingKind>(
  db: Executor,
  accountId: number,
  kind: K,
  since?: Date,
): Promise<Settings[K][]> {
  return (await documentsOf(db, accountId, kind, since)).map((doc) => asSetting<K>(doc));
}

/** The lock of the account's settings of a kind: their names, count and references are judged one at a time. */
const settingsLock = (accountId: number): LockSpec[] => [{ name: `alarmSettings:${accountId}` }];

const missingOf = (path: string, wanted: readonly string[], found: ReadonlySet<string>) =>
  wanted.filter((id) => !found.has(id)).map((id) => ({ path, id }));

async function saveFacts<K extends SettingKind>(
  tx: Executor,
  accountId: number,
  kind: K,
  payload: { id: string; name?: string },
) {
  const live = await settingsOf(tx, accountId, kind);
  const others = live.filter((s) => s.id !== payload.id);
  const name = payload.name?.toLowerCase();
  return {
    live,
    nameTaken:
      name !== undefined &&
      kind !== 'alarmContact' &&
      others.some((s) => 'name' in s && String(s.name).toLowerCase() === name),
    count: others.length,
    max: alarmKindsMax[kind],
  };
}

/** The server side of the alarm commands (see `ServerSide`). */
export const alarmServerSides: ServerSides = {
  'alarmPolicy.save': {
    locks: ({ accountId }) => settingsLock(accountId),
    // The domains must exist in the account; whether the caller reaches them is the gate's
    // (server/authz), on the policy before and after the command.
    async facts(tx, { accountId, payload }) {
      const { live: _live, ...facts } = await saveFacts(tx, accountId, 'alarmPolicy', payload);
      const found = await liveDomainsAmong(tx, accountId, payload.domain_ids);
      const domainIds = new Set(found.map((d) => d.id));
      const templates = new Set((await settingsOf(tx, accountId, 'alarmTemplate')).map((t) => t.id));
      return {
        ...facts,
        missing: [
          ...missingOf('domain_ids', payload.monitor_type === 'domain' ? payload.domain_ids : [], domainIds),
          ...missingOf('template_ids', payload.template_ids, templates),
        ],
      };
    },
  },
  'alarmTemplate.save': {
    locks: ({ accountId }) => settingsLock(accountId),
    async facts(tx, { accountId, payload }) {
      const { live: _live, ...facts } = await saveFacts(tx, accountId, 'alarmTemplate', payload);
      const contacts = new Set((await settingsOf(tx, accountId, 'alarmContact')).map((c) => c.id));
      const groups = new Set((await settingsOf(tx, accountId, 'alarmGroup')).map((g) => g.id));
      return {
        ...facts,
        missing: [
          ...missingOf('contact_ids', payload.contact_ids, contacts),
          ...missingOf('group_ids', payload.group_ids, groups),
        ],
      };
    },
  },
  'alarmTemplate.delete': {
    locks: ({ accountId }) => settingsLock(accountId),
    async facts(tx, { accountId, payload }) {
      const user = (await settingsOf(tx, accountId, 'alarmPolicy')).find((p) =>
        p.template_ids.includes(payload.id),
      );
      return { usedBy: user?.name ?? null };
    },
  },
  'alarmContact.save': {
    locks: ({ accountId }) => settingsLock(accountId),
    async facts(tx, { accountId, payload }) {
      const { live: _live, ...facts } = await saveFacts(tx, accountId, 'alarmContact', payload);
      return { ...facts, missing: [] };
    },
  },
  'alarmContact.delete': {
    locks: ({ accountId }) => settingsLock(accountId),
    async facts(tx, { accountId, payload }) {
      const template = (await settingsOf(tx, accountId, 'alarmTemplate')).find((t) =>
        t.contact_ids.includes(payload.id),
      );
      const group = (await settingsOf(tx, accountId, 'alarmGroup')).find((g) =>
        g.contact_ids.includes(payload.id),
      );
      return { usedBy: template?.name ?? group?.name ?? null };
    },
  },
  'alarmGroup.save': {
    locks: ({ accountId }) => settingsLock(accountId),
    async facts(tx, { accountId, payload }) {
      const { live: _live, ...facts } = await saveFacts(tx, accountId, 'alarmGroup', payload);
      const contacts = new Set((await settingsOf(tx, accountId, 'alarmContact')).map((c) => c.id));
      return { ...facts, missing: missingOf('contact_ids', payload.contact_ids, contacts) };
    },
  },
  'alarmGroup.delete': {
    locks: ({ accountId }) => settingsLock(accountId),
    async facts(tx, { accountId, payload }) {
      const template = (await settingsOf(tx, accountId, 'alarmTemplate')).find((t) =>
        t.group_ids.includes(payload.id),
      );
      return { usedBy: template?.name ?? null };
    },
  },
};
