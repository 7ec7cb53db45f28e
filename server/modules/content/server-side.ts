import type { LockSpec, ServerSides } from '../../aggregates/types';
import type { ContentKind } from '../../../src/contract/rules/content';
import { everything } from '../user/scope';
import { firstUnaccelerated, usedToday } from './service';

/** The account's quota of one kind: submissions and retries of that kind read and raise it one at a time. */
const quotaLock = (accountId: number, kind: ContentKind): LockSpec[] => [
  { name: `content:${accountId}:${kind}` },
];

/** The server side of the refresh and prefetch commands (see `ServerSide`). */
export const contentServerSides: ServerSides = {
  'content.submit': {
    locks: ({ accountId, payload }) => quotaLock(accountId, payload.kind),
    // Whether the URLs are accelerated is judged on the whole account: whether the caller reaches
    // the domains that serve them is the gate's (server/authz), on the task the command makes.
    async facts(tx, { accountId, payload, now }) {
      const used = await usedToday(tx, accountId, payload.kind, now);
      return {
        used,
        unaccelerated: await firstUnaccelerated(tx, accountId, payload.urls, everything.domains),
      };
    },
  },
  'content.retry': {
    // The kind is the stored task's: the lock of every kind keeps the retry's count still.
    locks: ({ accountId }) =>
      (['url', 'dir', 'prefetch'] as const).flatMap((kind) => quotaLock(accountId, kind)),
    async facts(tx, { accountId, now, current }) {
      const task = current.contentTask?.state;
      if (!task) return { used: 0, unaccelerated: null };
      const failed = task.urls.filter((u) => u.status === 'failure').map((u) => u.url);
      const used = await usedToday(tx, accountId, task.kind, now);
      return { used, unaccelerated: await firstUnaccelerated(tx, accountId, failed, everything.domains) };
    },
  },
};
