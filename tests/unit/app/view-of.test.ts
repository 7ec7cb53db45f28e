import { describe, expect, it } from 'vitest';
import { viewOf, type KindViews } from '../../../src/app/sync/command-views';
import { callOf, type CommandOfKind } from '../../../src/commands/queue';
import type { OutboxEntry } from '../../../src/store';
import type { CommandView } from '../../../src/ui/command-views';
import { storedEntry } from '../../support/outbox';

const ipBanView: CommandView<CommandOfKind<'ipBan'>> = { compare: () => [] };
const views = { ipBan: ipBanView } as Partial<KindViews> as KindViews;

const fields = {
  seq: 1,
  key: 'c:1',
  actorId: 1,
  accountId: 1,
  aggregateId: '192.0.2.1',
  baseVersion: 0,
  schemaVersion: 1,
  state: 'queued' as const,
  attempts: 0,
  createdAt: 0,
  madeOffline: false,
};

describe('the view of an outbox entry', () => {
  it('is its kind’s view when its command module reads the entry', () => {
    const entry: OutboxEntry = {
      ...fields,
      ...callOf('ipBan.ban', { cidr: '192.0.2.1', reason: '', expires_at: null }),
    };
    expect(viewOf(views, entry)).toBe(ipBanView);
  });

  it('is none for a payload, schema version or kind this console cannot read', () => {
    const stored = (change: Partial<Parameters<typeof storedEntry>[0]>) =>
      storedEntry({ ...fields, name: 'ipBan.ban', kind: 'ipBan', payload: { cidr: '192.0.2.1' }, ...change });
    expect(viewOf(views, stored({ payload: { address: '192.0.2.1' } }))).toBeUndefined();
    expect(viewOf(views, stored({ schemaVersion: 9 }))).toBeUndefined();
    expect(viewOf(views, stored({ name: 'ipBan.block', kind: 'ipBlock' }))).toBeUndefined();
    // A readable command of a kind without a view here.
    expect(
      viewOf(
        views,
        stored({
          name: 'domain.delete',
          kind: 'domain',
          payload: { id: '6f1f6c5e-4a43-4c1b-9c1e-2b8d7f0a1b2c' },
        }),
      ),
    ).toBeUndefined();
  });
});
