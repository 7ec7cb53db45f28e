import type { FastifyInstance } from 'fastify';
import { objectsOfKind } from '../../../src/commands/objects';
import { reachesAll } from '../../authz/gate';
import type { AppContext } from '../../http/context';
import { ok } from '../../http/envelope';
import { contractRoute } from '../../http/routes';
import { KeyVault } from '../cert/key-vault';
import { AlarmNotifier, callbackKey, rotateCallbackKey, smtpSender, type SmsProvider } from './deliver';
import { eventDeliveries, listHistory } from './history';
import { AlarmScheduler } from './scheduler';
import { settingsOf } from './settings';

export interface AlarmOptions {
  /** The SMS provider (none is bundled: SMS are kept in the delivery log). */
  sms?: SmsProvider | null;
  /** Evaluate and send on timers (off in tests that drive them). */
  run?: boolean;
}

export function alarmRoutes(app: FastifyInstance, ctx: AppContext, options: AlarmOptions = {}) {
  const vault = KeyVault.open(ctx.config.dataDir);
  const notifier = new AlarmNotifier(ctx.db, vault, {
    mail: ctx.config.smtpUrl ? smtpSender(ctx.config.smtpUrl, ctx.config.smtpFrom) : null,
    sms: options.sms ?? null,
    allowPrivate: ctx.config.alarmCallbackPrivate,
    claimMs: ctx.config.claimMs,
  });
  const scheduler = new AlarmScheduler(ctx.db);
  if (options.run !== false) {
    const stop = scheduler.start(() => notifier.round(), 2000, ctx.config.alarmEvaluateMs);
    app.addHook('onClose', async () => stop());
  }

  contractRoute(app, ctx, 'alarmConfig', async (request, input, auth) => {
    const serverTime = new Date();
    const since = input.updated_since ? new Date(input.updated_since) : undefined;
    const of = <K extends Parameters<typeof settingsOf>[2]>(kind: K) =>
      settingsOf(ctx.db, auth.viewAccountId, kind, since);
    // Policies on the domains the caller reaches (data permission, spec §6); templates, contacts
    // and groups are read by whoever has the menu (a policy names them), changed by those who
    // reach every domain (the gate, on their commands).
    const policies = (await of('alarmPolicy')).filter((policy) =>
      reachesAll(auth, objectsOfKind.alarmPolicy(policy.id, policy)),
    );
    return ok(request, {
      policies,
      templates: await of('alarmTemplate'),
      contacts: await of('alarmContact'),
      groups: await of('alarmGroup'),
      server_time: new Date(serverTime.getTime() - 30_000).toISOString(),
    });
  });
  contractRoute(app, ctx, 'alarmHistory', async (request, input, auth) =>
    ok(request, await listHistory(ctx.db, auth.viewAccountId, input, auth.scope.domains)),
  );
  contractRoute(app, ctx, 'alarmDeliveries', async (request, input, auth) =>
    ok(request, await eventDeliveries(ctx.db, auth.viewAccountId, input.event_id)),
  );
  contractRoute(app, ctx, 'alarmCallbackKey', async (request, _input, auth) => {
    const key = await callbackKey(ctx.db, vault, auth.viewAccountId, new Date());
    return ok(request, { key: key.key, created_at: key.createdAt.toISOString() });
  });
  contractRoute(app, ctx, 'alarmCallbackKeyRotate', async (request, _input, auth) => {
    const key = await rotateCallbackKey(ctx.db, vault, auth.viewAccountId, new Date());
    return ok(request, { key: key.key, created_at: key.createdAt.toISOString() }, 'alarm.key.rotated');
  });
  return { scheduler, notifier };
}
