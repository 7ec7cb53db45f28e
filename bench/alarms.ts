// The alarm scheduler on the embedded database on disk, as the console runs it: one evaluation of
// 100 policies of the demo account (every demo domain watched by some, periods of 1 and 5 minutes
// over the demo's last day of traffic), goal p95 ≤ 5 s of the minute between two evaluations;
// and the delivery of 200 queued callbacks to a receiver on this machine (goal ≥ 100 a second).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../server/db/client';
import { findAccountByLogin } from '../server/modules/account/service';
import { KeyVault } from '../server/modules/cert/key-vault';
import { AlarmNotifier } from '../server/modules/alarm/deliver';
import { AlarmScheduler } from '../server/modules/alarm/scheduler';
import { domainNames } from '../server/modules/domain/service';
import { seedDemo } from '../server/seed/demo';
import { seedDemoTraffic } from '../server/seed/demo-traffic';
import { applyPlan, seedUuid, type SeedAggregate } from '../server/seed/plan';
import { demoPassword, percentile, verdict } from './support';

const POLICIES = 100;
const dataDir = mkdtempSync(join(tmpdir(), 'cdn-bench-alarms-'));
const database = await openDatabase({ dataDir: join(dataDir, 'db') });
const receiver = createServer((request, response) => {
  request.resume();
  request.on('end', () => response.end('ok'));
});
try {
  const db = database.db;
  await seedDemo(db, {
    password: demoPassword(),
    cnameSuffix: 'cdn.example-edge.net',
    customers: 1,
    dataDir,
  });
  const demo = (await findAccountByLogin(db, 'demo'))!;
  const now = Date.now();
  await seedDemoTraffic(db, demo, { days: 1, now, logDir: join(dataDir, 'logs') });
  const domains = (await domainNames(db, demo.id)).filter((d) => d.status === 'active');
  await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  const template = seedUuid('bench.alarm.template');
  const plan: SeedAggregate[] = [
    [
      {
        name: 'alarmTemplate.save',
        payload: { id: template, name: 'Bench_hook', channels: ['callback'], callback_url: url },
        daysAgo: 0,
      },
    ],
    ...Array.from({ length: POLICIES }, (_, i): SeedAggregate => [
      {
        name: 'alarmPolicy.save',
        payload: {
          id: seedUuid(`bench.alarm.policy.${i}`),
          name: `Bench_${i}`,
          monitor_type: i % 10 === 0 ? 'account' : 'domain',
          domain_ids:
            i % 10 === 0 ? [] : [domains[i % domains.length]!.id, domains[(i + 3) % domains.length]!.id],
          rules: [
            { indicator: 'requests', operator: 'gt', threshold: i % 2 === 0 ? 0 : 1e9 },
            { indicator: 'status5xxRate', operator: 'gt', threshold: 5 },
          ],
          period: i % 3 === 0 ? 1 : 5,
          periods: 1 + (i % 3),
          template_ids: [template],
        },
        daysAgo: 0,
      },
    ]),
  ];
  await applyPlan(db, demo, plan, {
    keyPrefix: 'bench.alarm',
    versions: new Map(),
    cnameSuffix: 'cdn.example-edge.net',
    now,
  });

  const scheduler = new AlarmScheduler(db);
  const times: number[] = [];
  let raised = 0;
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    const result = await scheduler.tick(new Date(now + i * 60_000));
    times.push(performance.now() - started);
    raised += result.raised;
  }
  const notifier = new AlarmNotifier(db, KeyVault.open(dataDir), { allowPrivate: true });
  const sendStarted = performance.now();
  let sent = 0;
  for (;;) {
    const n = await notifier.round(new Date(now + 10 * 60_000), 50);
    if (n === 0) break;
    sent += n;
  }
  const sendMs = performance.now() - sendStarted;
  const p95 = percentile(times, 95);
  const rate = sent / (sendMs / 1000);
  console.log(
    `\nAlarms, ${POLICIES} policies over ${domains.length} demo domains, embedded database on disk:`,
  );
  console.log(
    `  one evaluation of every policy p95 ${(p95 / 1000).toFixed(2)} s, p50 ${(percentile(times, 50) / 1000).toFixed(2)} s (goal ≤ 5 s) ${verdict(p95, 5000)}; ${raised} alarms raised`,
  );
  console.log(
    `  callbacks delivered ${rate.toFixed(0)} a second over ${sent} (goal ≥ 100) ${verdict(100, rate)}`,
  );
} finally {
  receiver.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
