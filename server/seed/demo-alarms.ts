import type { Db } from '../db/client';
import type { Account } from '../modules/account/service';
import { liveDomainsByName } from '../modules/domain/service';
import { settingsOf } from '../modules/alarm/settings';
import { applyPlan, seedUuid, type SeedAggregate } from './plan';

const id = (name: string) => seedUuid(`demo-seed.alarm.${name}`);

/** Whether the demo has its alarm settings (the last policy of the plan). */
export async function demoAlarmsSeeded(db: Db, accountId: number): Promise<boolean> {
  return (await settingsOf(db, accountId, 'alarmPolicy')).some((p) => p.id === id('policy.hitRate'));
}

/**
 * The demo's alarms, made through the command executor like the user's: two contacts in an on-call
 * group, a template telling them by email and SMS (neither is configured on this machine, so the
 * delivery log keeps them as not sent), and three policies. The scheduler raises their
 * alarms from the demo's traffic once the console runs.
 */
export async function seedDemoAlarms(
  db: Db,
  account: Account,
  cnameSuffix: string,
  now: number,
): Promise<void> {
  const shop = (await liveDomainsByName(db, ['www.demo-shop.com'])).find((d) => d.accountId === account.id);
  const versions = new Map<string, number>();
  for (const kind of ['alarmPolicy', 'alarmTemplate', 'alarmContact', 'alarmGroup'] as const)
    for (const s of await settingsOf(db, account.id, kind)) versions.set(s.id, s.version);
  const contacts = [
    {
      key: 'contact.zhang',
      name: '张三',
      role: '运维负责人',
      phone: '13800138000',
      email: 'ops@demo-shop.com',
    },
    { key: 'contact.li', name: '李四', role: 'Developer', phone: '13900139000', email: 'dev@demo-shop.com' },
  ];
  const plan: SeedAggregate[] = [
    ...contacts.map((c): SeedAggregate => [
      {
        name: 'alarmContact.save',
        payload: { id: id(c.key), name: c.name, role: c.role, phone: c.phone, email: c.email },
        daysAgo: 20,
      },
    ]),
    [
      {
        name: 'alarmGroup.save',
        payload: { id: id('group.oncall'), name: 'On call', contact_ids: contacts.map((c) => id(c.key)) },
        daysAgo: 20,
      },
    ],
    [
      {
        name: 'alarmTemplate.save',
        payload: {
          id: id('template.oncall'),
          name: '值班通知',
          notify: 'alarmAndRestore',
          language: 'zh_CN',
          group_ids: [id('group.oncall')],
          channels: ['email', 'sms'],
        },
        daysAgo: 19,
      },
    ],
    [
      {
        name: 'alarmPolicy.save',
        payload: {
          id: id('policy.bandwidth'),
          name: 'Shop_bandwidth_peak',
          monitor_type: shop ? 'domain' : 'account',
          domain_ids: shop ? [shop.id] : [],
          rules: [{ indicator: 'bandwidth', operator: 'gt', threshold: 800 }],
          period: 5,
          periods: 3,
          template_ids: [id('template.oncall')],
        },
        daysAgo: 18,
      },
    ],
    [
      {
        name: 'alarmPolicy.save',
        payload: {
          id: id('policy.errors'),
          name: '全站5xx错误率',
          monitor_type: 'account',
          rules: [
            { indicator: 'status5xxRate', operator: 'gt', threshold: 0.5 },
            { indicator: 'responseTime', operator: 'gt', threshold: 800 },
          ],
          match: 'any',
          period: 1,
          periods: 2,
          template_ids: [id('template.oncall')],
        },
        daysAgo: 12,
      },
    ],
    [
      {
        name: 'alarmPolicy.save',
        payload: {
          id: id('policy.hitRate'),
          name: 'Hit_rate_low',
          monitor_type: 'account',
          rules: [{ indicator: 'hitRate', operator: 'lt', threshold: 75 }],
          period: 5,
          periods: 1,
          template_ids: [id('template.oncall')],
        },
        daysAgo: 5,
      },
    ],
  ];
  await applyPlan(db, account, plan, { keyPrefix: 'demo-seed.alarm', versions, cnameSuffix, now });
}
