import { z } from 'zod';
import { authorship, keptListPage, paging, updatedSince } from './fields';
import { limits } from './limits';
import { text } from './text';
import { parseRange } from './rules/ip';
import { ipBanStatuses } from './rules/ip-ban';

/** An IP or CIDR as typed; the output is its canonical text, which is also the entry's id. */
export const ipRangeText = text()
  .max(64, 'ipBan.rule.format')
  .transform((text, ctx) => {
    const parsed = parseRange(text);
    if (!parsed.ok) {
      ctx.addIssue({ code: 'custom', message: parsed.problem });
      return z.NEVER;
    }
    return parsed.text;
  });

const reason = text()
  .trim()
  .refine((text) => [...text].length <= limits.ipBan.reasonMax, 'ipBan.reason.tooLong');
/** ISO 8601 time with an offset; whether it lies in the future is checked when the command applies. */
const expiry = z.iso.datetime({ offset: true, message: 'ipBan.expiry.format' }).nullable();

/** One entry of the ban list. `id` is the canonical IP or CIDR. */
export const ipBanEntry = z.object({
  id: z.string(),
  family: z.union([z.literal(4), z.literal(6)]),
  reason: z.string(),
  expires_at: z.string().nullable(),
  /** As stored; an expired ban reads as unbanned (see `effectiveStatus`). */
  status: z.enum(ipBanStatuses),
  ...authorship,
});
export type IpBanEntry = z.infer<typeof ipBanEntry>;

export const ipBanSorts = ['-created_at', 'created_at', '-updated_at', 'id', '-expires_at'] as const;

export const ipBanListQuery = z.object({
  keyword: text().trim().max(64).optional(),
  /** Effective status: an expired ban counts as unbanned. */
  status: z.enum(ipBanStatuses).optional(),
  family: z.enum(['4', '6']).optional(),
  sort: z.enum(ipBanSorts).default('-created_at'),
  ...paging(limits.ipBan.pageSizeMax),
  updated_since: updatedSince,
});
export const ipBanListResult = keptListPage(ipBanEntry);

export const ipBanLookupQuery = z.object({ ip: text().trim().min(1).max(64) });
export const ipBanLookupResult = z.object({
  ip: z.string(),
  banned: z.boolean(),
  /** The entry in force that covers the address, if any. */
  entry: ipBanEntry.nullable(),
});

// ---- commands (through the outbox, see ./commands) ------------------------------------

export const ipBanBanPayload = z.object({
  cidr: ipRangeText,
  reason: reason.default(''),
  expires_at: expiry.default(null),
});
export const ipBanUpdatePayload = z.object({
  cidr: ipRangeText,
  reason,
  expires_at: expiry,
});
export const ipBanUnbanPayload = z.object({ cidr: ipRangeText });
