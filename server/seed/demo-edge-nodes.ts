import type { Db } from '../db/client';
import { listEdgeNodes, runEdgeNodeAction } from '../modules/ip-check/service';
import type { Carrier, Region } from '../../src/contract/traffic-constants';

/** The demo's edge nodes (documentation addresses), one of them out of service. */
const demoNodes: readonly [string, string, Region, Carrier, boolean][] = [
  ['192.0.2.1', 'gd-gz-ct-01', 'GD', 'telecom', true],
  ['192.0.2.2', 'gd-sz-cu-01', 'GD', 'unicom', true],
  ['192.0.2.3', 'bj-cu-01', 'BJ', 'unicom', true],
  ['192.0.2.4', 'sh-cm-01', 'SH', 'mobile', true],
  ['192.0.2.5', 'js-nj-ct-02', 'JS', 'telecom', false],
  ['192.0.2.6', 'hk-01', 'HK', 'other', true],
];

/** Whether the node table has any node (an operator who removed them all gets the demo's back). */
export const demoEdgeNodesSeeded = async (db: Db) => (await listEdgeNodes(db)).length > 0;

/** Adds the demo's edge nodes the way the operator does (`npm run admin -- edge-node add`). */
export async function seedDemoEdgeNodes(db: Db, now: Date): Promise<void> {
  if (await demoEdgeNodesSeeded(db)) return;
  for (const [address, name, region, carrier, online] of demoNodes)
    await runEdgeNodeAction(db, { action: 'add', address, name, region, carrier, online }, now);
}
