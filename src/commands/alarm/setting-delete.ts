import type { MessageDescriptor } from '@lingui/core';
import { alarmDeletePayload } from '../../contract/alarm';
import { defineCommand, type ApplyContext, type Next } from '../command';
import { deleted, menuPath, tag, type DeleteFacts, type InUseKind } from './rules';

/** The kind of setting each aggregate is, for the refusal of its deletion while in use; nothing uses a policy. */
const inUseKinds = {
  alarmPolicy: undefined,
  alarmTemplate: 'template',
  alarmContact: 'contact',
  alarmGroup: 'group',
} as const satisfies Record<string, InUseKind | undefined>;

/**
 * The command that deletes an alarm setting: a template, contact or group is refused while
 * another setting uses it (the server reads which into `usedBy`). One module per kind, made the
 * same way.
 */
export function settingDelete<const N extends string, K extends keyof typeof inUseKinds>(
  name: N,
  kind: K,
  api: { path: string; summary: string },
  /** `line` names a queued one; `notFound`, the refusal when the setting is not there. */
  texts: { done: string; label: MessageDescriptor; line: MessageDescriptor; notFound: string },
) {
  const inUse: InUseKind | undefined = inUseKinds[kind];
  return defineCommand({
    name,
    schemaVersion: 1,
    payload: alarmDeletePayload,
    primary: kind,
    targets: (p) => ({ [kind]: p.id }) as { [k in K]: string },
    menuPath,
    api: { ...api, tag },
    done: texts.done,
    label: texts.label,
    describe: () => ({ message: texts.line }),
    apply: (current, _p, ctx: ApplyContext<DeleteFacts>) =>
      ({ [kind]: deleted(current[kind], texts.notFound, ctx, inUse) }) as Next<K>,
  });
}
