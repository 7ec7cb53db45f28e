import { Code } from '../../src/contract';
import { targetsOf, type AnyCommand } from '../../src/commands/command';
import { commands, type CommandName, type PayloadInput } from '../../src/commands/registry';
import { executeCommand, type CommandContext } from '../commands/execute';
import { ownPrincipal } from '../authz/principal';
import type { Db } from '../db/client';
import type { Account } from '../modules/account/service';
import { sha256Hex } from '../http/crypto';

const day = 86_400_000;

/** One command of a seed, applied `daysAgo` days before the seed runs (its own clock). */
export type SeedStep = {
  [N in CommandName]: { name: N; payload: PayloadInput<N>; daysAgo: number };
}[CommandName];

/** The commands of one aggregate, in order. */
export type SeedAggregate = SeedStep[];

/**
 * A UUID made from a text: the same text gives the same id on every run, so a seed that stopped
 * part-way finds what it made. Shaped as a version-5 UUID (RFC 9562: version and variant bits).
 */
export function seedUuid(text: string): string {
  const hex = sha256Hex(text).slice(0, 32).split('');
  hex[12] = '5';
  hex[16] = ((parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  const h = hex.join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

/** The aggregate a step changes, as the contract names it from the payload. */
export const aggregateOfStep = (step: SeedStep): string =>
  targetsOf(
    commands[step.name] as AnyCommand,
    (commands[step.name] as AnyCommand).payload.parse(step.payload),
  )[0]!.id;

export interface PlanOptions {
  /** Idempotency keys are `<keyPrefix>.<aggregate index>.<step index>`. */
  keyPrefix: string;
  /** The current version of each aggregate of the plan that exists (absent: 0). */
  versions: ReadonlyMap<string, number>;
  cnameSuffix: string;
  /** The time the seed runs; steps apply `daysAgo` before it. */
  now: number;
}

/**
 * Applies a seed plan through the command executor, like a user's commands, so that the data
 * carries versions and audit events (origin `operator`). Every accepted command raises its
 * aggregate's version by one: an aggregate at version v has had its first v steps, and only the
 * rest are applied (a resumed seed). A step the rules refuse (the user's own data in the way) is
 * left out with the rest of its aggregate: seed data must not keep the server from starting.
 */
export async function applyPlan(
  db: Db,
  account: Account,
  plan: readonly SeedAggregate[],
  options: PlanOptions,
): Promise<void> {
  // The account's own principal: its commands pass the same gate as a user's.
  const actor = await ownPrincipal({ db }, account);
  let at = new Date(options.now);
  // One context for the whole plan: the granted menu is read once.
  const ctx: CommandContext = {
    db,
    language: 'en_US',
    ip: '',
    now: () => at,
    settings: { cnameSuffix: options.cnameSuffix },
  };
  for (const [index, steps] of plan.entries()) {
    const first = steps[0];
    if (!first) continue;
    const aggregate = aggregateOfStep(first);
    let version = options.versions.get(aggregate) ?? 0;
    for (const [stepIndex, step] of steps.entries()) {
      if (stepIndex < version) continue;
      at = new Date(options.now - step.daysAgo * day);
      const result = await executeCommand(
        ctx,
        actor,
        {
          key: `${options.keyPrefix}.${index}.${stepIndex}`,
          name: step.name,
          aggregate_id: aggregate,
          base_version: version,
          schema_version: commands[step.name].schemaVersion,
          payload: step.payload,
        },
        'operator',
      );
      if (result.code !== Code.ok) break;
      version += 1;
    }
  }
}
