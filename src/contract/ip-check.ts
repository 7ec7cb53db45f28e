import { z } from 'zod';
import { limits } from './limits';
import { ipv4In } from './rules/ip-check';
import { text } from './text';
import { carriers, regions } from './traffic-constants';

/**
 * The IP check (spec §2 /cdn/utils/ipinquiry): whether addresses are edge nodes of the provider
 * (the node table the operator keeps), and where they are (the bundled IP database).
 */
export const ipCheckBody = z.object({
  ips: z
    .array(text().trim().min(1).max(100))
    .min(1, 'ipCheck.required')
    .max(limits.ipCheck.perQuery, 'ipCheck.tooMany')
    .superRefine((values, ctx) => {
      values.forEach((value, i) => {
        if (ipv4In(value) === null) ctx.addIssue({ code: 'custom', path: [i], message: 'ipCheck.format' });
      });
    }),
});

export const ipCheckAnswer = z.object({
  /** The value as sent, and the address read from it. */
  input: z.string(),
  ip: z.string(),
  /** One of the provider's edge nodes (in service or not). */
  edge_node: z.boolean(),
  /** The node's name and whether it is in service; null when not a node. */
  node: z.object({ name: z.string(), online: z.boolean() }).nullable(),
  /** Province (ISO 3166-2:CN), `overseas` or `unknown`; carrier: the node table's for a node, else the IP database's. */
  region: z.enum(regions),
  carrier: z.enum(carriers),
  /** The IP database's own record (country, province, city, carrier), as it names them. */
  location: z.string(),
});
export type IpCheckAnswer = z.infer<typeof ipCheckAnswer>;

export const ipCheckResult = z.object({ lists: z.array(ipCheckAnswer) });
