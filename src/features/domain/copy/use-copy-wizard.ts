import { useLingui } from '@lingui/react/macro';
import { useMachine } from '@xstate/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import type { DomainEntry, DomainGroup } from '../../../contract/domain';
import { copyConfigMachine, type CopySource } from '../../../machines';
import { sectionKinds } from '../../../contract/domain-config';
import type { Store } from '../../../store';
import { usePull, type PullState } from '../../../sync/pull';
import type { SyncRuntime } from '../../../sync/runtime';
import { newId } from '../commands';
import { pullDomainConfig } from '../config/pull-config';
import { useDomainConfig } from '../config/use-domain-config';
import { draftsOf } from '../form/drafts';
import type { DomainData } from '../use-domains';
import { queueCopy, requeueCopy } from './copy-commands';
import { reportDiffers, targetReportOf } from './target-results';

/** The source as the wizard takes it: its group only when that group still exists. */
function sourceOf(entry: DomainEntry, version: number, groups: readonly DomainGroup[]): CopySource {
  return {
    id: entry.id,
    domain: entry.domain,
    status: entry.status,
    special_config: entry.special_config,
    version,
    basic: { service_type: entry.service_type, area: entry.area, business_type: entry.business_type },
    origins: draftsOf(entry.origins),
    group_id: entry.group_id !== null && groups.some((g) => g.id === entry.group_id) ? entry.group_id : null,
  };
}

/**
 * The copy wizard's machine, fed from the store: the source domain, the names in use, and each
 * queued target's result as the outbox and the server's answers change it.
 */
export function useCopyWizard(
  id: string,
  runtime: SyncRuntime,
  data: DomainData,
  online: boolean,
  pullState: PullState,
) {
  const { t } = useLingui();
  const [machine] = useState(() =>
    copyConfigMachine.provide({
      actors: {
        queue: fromPromise(({ input }) => queueCopy(runtime, input)),
        requeue: fromPromise(({ input }) => requeueCopy(runtime, input)),
      },
    }),
  );
  const [copyId] = useState(newId);
  const [snapshot, send] = useMachine(machine, { input: { sourceId: id, copyId } });
  const { targets } = snapshot.context;

  // The source. On a device that has not read it yet, "not found" waits for the read.
  const item = data.projected.get(id);
  const entry = item?.state;
  const version = item?.version ?? 0;
  const waiting = entry === undefined && online && (pullState === 'idle' || pullState === 'pulling');
  useEffect(() => {
    if (waiting) return;
    send({ type: 'source.loaded', source: entry ? sourceOf(entry, version, data.groups) : null });
  }, [entry, version, data.groups, waiting, send]);

  // The source's configuration: read when the wizard opens, its versions are what the copy takes.
  const pullConfig = useCallback((store: Store) => pullDomainConfig(store, id), [id]);
  usePull(runtime, online, pullConfig);
  const config = useDomainConfig(id);
  const versionsKey = config?.read
    ? sectionKinds.map((kind) => `${kind}:${config.sections[kind].version}`).join(',')
    : '';
  const hasCertificate = config?.sections.domainHttps.state.certificate_id != null;
  useEffect(() => {
    if (versionsKey === '') return;
    const versions = Object.fromEntries(
      versionsKey.split(',').map((part) => {
        const [kind = '', version = '0'] = part.split(':');
        return [kind, Number(version)];
      }),
    );
    send({ type: 'source.config', config: { versions, hasCertificate } });
  }, [versionsKey, hasCertificate, send]);

  // The names in use, except this copy's own targets (they are folded in as pending domains).
  const ownIds = useMemo(
    () => new Set(targets.flatMap((target) => (target.id ? [target.id] : []))),
    [targets],
  );
  const namesKey = data.rows
    .filter((row) => !ownIds.has(row.id))
    .map((row) => row.entry.domain)
    .join('\n');
  useEffect(() => {
    send({ type: 'names.known', names: namesKey === '' ? [] : namesKey.split('\n') });
  }, [namesKey, send]);

  // Each queued target's result, as the store tells it.
  const seen = useRef(new Set<string>());
  const discardedText = t({
    id: 'domain.copy.result.discarded',
    message: 'Discarded from the pending changes before the server applied it.',
  });
  useEffect(() => {
    for (const target of targets) {
      if (target.id === null || target.result === null) continue;
      const report = targetReportOf(data, target.id, seen.current);
      if (!report || !reportDiffers(report, target, discardedText)) continue;
      if (report.result === 'failed')
        send({ type: 'target.failed', id: target.id, message: report.message ?? discardedText });
      else if (report.result === 'created') send({ type: 'target.succeeded', id: target.id });
      else send({ type: 'target.queued', id: target.id });
    }
  }, [data, targets, discardedText, send]);

  return { snapshot, send };
}
