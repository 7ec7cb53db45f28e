import { useMemo } from 'react';
import { api } from '../../api';
import { foldOf } from '../../commands/fold';
import type { AlarmContact, AlarmGroup, AlarmPolicy, AlarmTemplate } from '../../contract/alarm';
import { pendingState, project, type Projected, type ReadRow, type Store } from '../../store';
import { usePull } from '../../sync/pull';
import { useLiveQuery } from '../../sync/react';
import type { SyncRuntime } from '../../sync/runtime';

/** The key of the settings' last read in the store. */
export const alarmReadKey = 'alarmSettings';

const lists = {
  alarmPolicy: 'policies',
  alarmTemplate: 'templates',
  alarmContact: 'contacts',
  alarmGroup: 'groups',
} as const;
type SettingKind = keyof typeof lists;

/**
 * Brings the stored alarm settings up to date: all of them the first time (replacing what the
 * store held), then what changed since the last read (deleted ones included); after a whole read,
 * what changed meanwhile.
 */
export async function pullAlarmSettings(store: Store): Promise<void> {
  const read = async (since: string | undefined) => {
    const fetchedAt = Date.now();
    const answer = await api.call('alarmConfig', since ? { updated_since: since } : {}, { quiet: true });
    const kinds = Object.entries(lists) as [SettingKind, (typeof lists)[SettingKind]][];
    for (const [kind, field] of kinds)
      await store.putSnapshots(
        kind,
        answer[field].map((row) => ({ id: row.id, version: row.version, data: row })),
        {
          key: alarmReadKey,
          fetchedAt,
          cursor: answer.server_time,
          replace: since === undefined,
          more: false,
        },
      );
    return answer.server_time;
  };
  const last = await store.lastRead(alarmReadKey);
  const since = last?.cursor && !Number.isNaN(Date.parse(last.cursor)) ? last.cursor : undefined;
  const serverTime = await read(since);
  if (since === undefined) await read(serverTime);
}

export function useAlarmPull(runtime: SyncRuntime | null, online: boolean) {
  return usePull(runtime, online, pullAlarmSettings);
}

/** A setting as shown: its state with what waits on this device applied, and how that waits. */
export interface SettingRow<T> {
  id: string;
  state: T;
  queued: ReturnType<typeof pendingState>;
  item: Projected<T>;
}

export interface AlarmSettings {
  policies: SettingRow<AlarmPolicy>[];
  templates: SettingRow<AlarmTemplate>[];
  contacts: SettingRow<AlarmContact>[];
  groups: SettingRow<AlarmGroup>[];
  read: ReadRow | undefined;
}

const folds = {
  alarmPolicy: foldOf('alarmPolicy'),
  alarmTemplate: foldOf('alarmTemplate'),
  alarmContact: foldOf('alarmContact'),
  alarmGroup: foldOf('alarmGroup'),
};

function rowsOf<T extends { deleted: boolean; created_at: string }>(items: Projected<T>[]): SettingRow<T>[] {
  return items
    .filter((item): item is Projected<T> & { state: T } => item.state !== undefined && !item.state.deleted)
    .map((item) => ({ id: item.id, state: item.state, queued: pendingState(item.pending), item }))
    .sort((a, b) => b.state.created_at.localeCompare(a.state.created_at) || a.id.localeCompare(b.id));
}

/** The stored settings with what waits on this device; undefined until the store answers. */
export function useAlarmSettings(): AlarmSettings | undefined {
  const stored = useLiveQuery(async ({ store }) => {
    const snapshots = (
      await Promise.all((Object.keys(lists) as SettingKind[]).map((kind) => store.snapshotsOf(kind)))
    ).flat();
    return { snapshots, outbox: await store.pending(), read: await store.lastRead(alarmReadKey) };
  }, []);
  return useMemo(() => {
    if (!stored) return undefined;
    const { snapshots, outbox } = stored;
    return {
      policies: rowsOf(project<AlarmPolicy>(snapshots, outbox, 'alarmPolicy', folds.alarmPolicy)),
      templates: rowsOf(project<AlarmTemplate>(snapshots, outbox, 'alarmTemplate', folds.alarmTemplate)),
      contacts: rowsOf(project<AlarmContact>(snapshots, outbox, 'alarmContact', folds.alarmContact)),
      groups: rowsOf(project<AlarmGroup>(snapshots, outbox, 'alarmGroup', folds.alarmGroup)),
      read: stored.read,
    };
  }, [stored]);
}
