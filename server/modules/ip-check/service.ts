import { eq, inArray, lt } from 'drizzle-orm';
import { Code } from '../../../src/contract';
import type { IpCheckAnswer } from '../../../src/contract/ip-check';
import { limits } from '../../../src/contract/limits';
import { ipv4In } from '../../../src/contract/rules/ip-check';
import { z } from 'zod';
import { carriers, regions, type Carrier, type Region } from '../../../src/contract/traffic-constants';
import type { Executor } from '../../db/client';
import { edgeNodes, ipCheckCalls } from '../../db/schema';
import { AppError } from '../../http/envelope';
import { locationOf, placeOf } from '../traffic/geo';
import { nodesAt } from '../edge/service';

export type EdgeNodeRow = typeof edgeNodes.$inferSelect;

/**
 * Takes the user's turn: one query every `intervalMs` (spec §9), counted on the server whatever
 * the browser does, and shared by every server instance. Refused with the seconds left.
 */
async function takeTurn(db: Executor, userId: number, now: Date): Promise<void> {
  const earliest = new Date(now.getTime() - limits.ipCheck.intervalMs);
  const taken = await db
    .insert(ipCheckCalls)
    .values({ accountId: userId, lastAt: now })
    .onConflictDoUpdate({
      target: ipCheckCalls.accountId,
      set: { lastAt: now },
      setWhere: lt(ipCheckCalls.lastAt, earliest),
    })
    .returning({ at: ipCheckCalls.lastAt });
  if (taken.length > 0) return;
  const [last] = await db
    .select({ at: ipCheckCalls.lastAt })
    .from(ipCheckCalls)
    .where(eq(ipCheckCalls.accountId, userId));
  const waitMs = last
    ? last.at.getTime() + limits.ipCheck.intervalMs - now.getTime()
    : limits.ipCheck.intervalMs;
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  throw new AppError(Code.rateLimited, 'ipCheck.tooFrequent', { seconds, retry_after: seconds });
}

/** Whether each value's address is an edge node, and where it is. */
export async function checkIps(
  db: Executor,
  userId: number,
  values: readonly string[],
  now: Date,
): Promise<IpCheckAnswer[]> {
  await takeTurn(db, userId, now);
  const ips = values.map((value) => ipv4In(value) ?? '');
  const nodes = await db
    .select()
    .from(edgeNodes)
    .where(inArray(edgeNodes.address, [...new Set(ips)]));
  const byAddress = new Map(nodes.map((node) => [node.address, node]));
  // Nodes running the edge agent count too; the operator's table says their region and carrier.
  const agents = new Map((await nodesAt(db, [...new Set(ips)], now)).map((agent) => [agent.address, agent]));
  return values.map((input, i) => {
    const ip = ips[i]!;
    const node = byAddress.get(ip);
    const agent = agents.get(ip);
    const place = placeOf(ip);
    return {
      input,
      ip,
      edge_node: node !== undefined || agent !== undefined,
      node: node
        ? { name: node.name, online: node.online }
        : agent
          ? { name: agent.name, online: agent.online }
          : null,
      region: node ? (node.region as Region) : place.region,
      carrier: node ? (node.carrier as Carrier) : place.carrier,
      location: locationOf(ip),
    };
  });
}

/** The node table, by address. */
export const listEdgeNodes = (db: Executor) => db.select().from(edgeNodes).orderBy(edgeNodes.address);

export interface EdgeNodeInput {
  address: string;
  name: string;
  region: Region;
  carrier: Carrier;
  online: boolean;
}

/** Adds a node, or changes the one at that address. */
export async function putEdgeNode(db: Executor, node: EdgeNodeInput, now: Date): Promise<void> {
  await db
    .insert(edgeNodes)
    .values({ ...node, createdAt: now })
    .onConflictDoUpdate({
      target: edgeNodes.address,
      set: { name: node.name, region: node.region, carrier: node.carrier, online: node.online },
    });
}

/** Removes the node at an address: whether there was one. */
export async function removeEdgeNode(db: Executor, address: string): Promise<boolean> {
  const gone = await db
    .delete(edgeNodes)
    .where(eq(edgeNodes.address, address))
    .returning({ a: edgeNodes.address });
  return gone.length > 0;
}

/** What the operator asks of the node table (`npm run admin -- edge-node ...`). */
export const edgeNodeAction = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('add'),
    address: z.string().refine((v) => ipv4In(v) === v, 'ipCheck.format'),
    name: z.string().trim().min(1).max(100),
    region: z.enum(regions),
    carrier: z.enum(carriers),
    online: z.boolean().default(true),
  }),
  z.object({ action: z.literal('remove'), address: z.string() }),
  z.object({ action: z.literal('list') }),
]);

export const edgeNodeActionResult = z.object({
  nodes: z.array(
    z.object({
      address: z.string(),
      name: z.string(),
      region: z.string(),
      carrier: z.string(),
      online: z.boolean(),
    }),
  ),
});

/** Carries out an operator's action on the node table: the table after it. 40401 removing an unknown address. */
export async function runEdgeNodeAction(
  db: Executor,
  action: z.output<typeof edgeNodeAction>,
  now: Date,
): Promise<z.output<typeof edgeNodeActionResult>> {
  if (action.action === 'add') await putEdgeNode(db, action, now);
  if (action.action === 'remove' && !(await removeEdgeNode(db, action.address)))
    throw new AppError(Code.notFound, 'common.notFound');
  const nodes = await listEdgeNodes(db);
  return {
    nodes: nodes.map(({ address, name, region, carrier, online }) => ({
      address,
      name,
      region,
      carrier,
      online,
    })),
  };
}
