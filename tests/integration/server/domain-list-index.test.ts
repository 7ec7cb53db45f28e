import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { openDatabase } from '../../../server/db/client';
import { ChangeFeed } from '../../../server/http/changes';
import { findAccountByLogin } from '../../../server/modules/account/service';
import { DomainListIndex } from '../../../server/modules/domain/list-index';
import { listDomains, type ListQuery } from '../../../server/modules/domain/service';
import { seedDomains } from '../../../server/seed/domains';
import { domainSorts } from '../../../src/contract/domain';
import { call, describeServer, operatorKey, signIn } from '../../support/server-harness';

/** The list queries a console and an API caller make: every sort, each filter, later pages. */
function queries(groupId: string): ListQuery[] {
  const filters: Partial<ListQuery>[] = [
    {},
    { keyword: 'img1' },
    { keyword: 'CDN' },
    { status: 'hung_up' },
    { status: 'active', keyword: 'static' },
    { group_id: groupId },
    { group_id: 'none' },
    { service_type: 'video', area: '1' },
  ];
  return domainSorts.flatMap((sort) =>
    filters.flatMap((filter) =>
      [1, 2, 5].map((page) => ({ sort, page, page_size: 7, ...filter }) as ListQuery),
    ),
  );
}

describeServer(
  'the domain list kept in memory',
  (h, kind) => {
    it('answers every query as the database does, before and after changes', async () => {
      const account = (await findAccountByLogin(h().db, 'channel'))!;
      await seedDomains(h().db, 'channel', 60, { cnameSuffix: h().config.cnameSuffix, groups: 4 });
      const feed = new ChangeFeed({ complete: true });
      const index = new DomainListIndex(h().db);
      index.follow(feed);
      const groups = await h().db.query.domainGroups.findMany({
        where: (g, { eq }) => eq(g.accountId, account.id),
      });
      const compareAll = async () => {
        for (const query of queries(groups[0]!.id)) {
          const fromIndex = await index.page(account.id, query);
          const fromDatabase = await listDomains(h().db, account.id, query);
          expect(fromIndex.total, JSON.stringify(query)).toBe(fromDatabase.total);
          expect(
            fromIndex.lists.map((d) => d.id),
            JSON.stringify(query),
          ).toEqual(fromDatabase.lists.map((d) => d.id));
          expect(fromIndex.lists).toEqual(fromDatabase.lists);
        }
      };
      await compareAll();

      // Changes through the command path (the seed's commands), published as the app publishes them.
      await seedDomains(h().db, 'channel', 75, {
        cnameSuffix: h().config.cnameSuffix,
        groups: 4,
        hungUpEvery: 3,
        changes: feed,
      });
      await compareAll();
    });

    it('shows a change on the next read of the list, through the app', async () => {
      const app = h().app;
      const demo = await signIn(app, 'canvas');
      const canvas = (await findAccountByLogin(h().db, 'canvas'))!;
      const list = async (query: Record<string, string> = {}) =>
        (
          await call<{ lists: { id: string; domain: string; status: string }[]; total: number }>(
            app,
            'GET',
            '/v3/domain/domain/lists',
            { token: demo.token, query: { page_size: '1000', ...query } },
          )
        ).body.data;
      const before = await list();
      const id = randomUUID();
      const domain = `www.${id.slice(0, 8)}.index.example.com`;
      const push = (name: string, base: number, payload: Record<string, unknown>) =>
        call<{ results: { code: number }[] }>(app, 'POST', '/v3/sync/command/push', {
          token: demo.token,
          body: {
            actor_id: canvas.id,
            commands: [
              {
                key: `index-${randomUUID()}`,
                name,
                aggregate_id: id,
                base_version: base,
                schema_version: 1,
                payload,
                origin: 'browser',
              },
            ],
          },
        });
      const created = await push('domain.create', 0, {
        id,
        domain,
        service_type: 'web',
        area: '1',
        business_type: 'web',
        origins: [
          {
            type: 'ip',
            address: '192.0.2.44',
            port: 80,
            level: 10,
            weight: 10,
            carrier: 'default',
          },
        ],
        group_id: null,
      });
      expect(created.body.data.results[0]?.code).toBe(0);
      const after = await list();
      expect(after.total).toBe(before.total + 1);
      expect(after.lists.find((d) => d.id === id)?.domain).toBe(domain);
      expect((await push('domain.hangUp', 1, { id })).body.data.results[0]?.code).toBe(0);
      expect((await list({ status: 'hung_up' })).lists.map((d) => d.id)).toContain(id);
      expect((await push('domain.delete', 2, { id })).body.data.results[0]?.code).toBe(0);
      const gone = await list();
      expect(gone.total).toBe(before.total);
      expect(gone.lists.map((d) => d.id)).not.toContain(id);
    });

    if (kind === 'postgres')
      it('hears of the changes another server process makes to the same database', async () => {
        // A second process on the same database: its own connections, its own app and index.
        const url = (h().database.db.$client as { options: { connectionString: string } }).options
          .connectionString;
        const other = await openDatabase({ url });
        const otherApp = await buildApp({ database: other, config: h().config, operatorKey, logger: false });
        try {
          const demo = await signIn(h().app, 'demo');
          const fromOther = await signIn(otherApp, 'demo');
          const listed = async () =>
            (
              await call<{ total: number }>(h().app, 'GET', '/v3/domain/domain/lists', {
                token: demo.token,
              })
            ).body.data.total;
          const before = await listed();
          const account = (await findAccountByLogin(h().db, 'demo'))!;
          const id = randomUUID();
          const answer = await call<{ results: { code: number }[] }>(
            otherApp,
            'POST',
            '/v3/sync/command/push',
            {
              token: fromOther.token,
              body: {
                actor_id: account.id,
                commands: [
                  {
                    key: `other-${randomUUID()}`,
                    name: 'domain.create',
                    aggregate_id: id,
                    base_version: 0,
                    schema_version: 1,
                    payload: {
                      id,
                      domain: `www.${id.slice(0, 8)}.other.example.com`,
                      service_type: 'web',
                      area: '1',
                      business_type: 'web',
                      origins: [{ type: 'ip', address: '192.0.2.45', port: 80, level: 10, weight: 10 }],
                      group_id: null,
                    },
                    origin: 'browser',
                  },
                ],
              },
            },
          );
          expect(answer.body.data.results[0]?.code).toBe(0);
          // The notification arrives after the other process's commit: within a moment.
          let total = await listed();
          for (let i = 0; i < 50 && total === before; i += 1) {
            await new Promise((resolve) => setTimeout(resolve, 20));
            total = await listed();
          }
          expect(total).toBe(before + 1);
        } finally {
          await otherApp.close();
          await other.close();
        }
      });
  },
  { customers: 0 },
);
