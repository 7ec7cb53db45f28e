import { z } from 'zod';

/** Who made an aggregate and when, who changed it last and when, and its version: the end of its snapshot. */
export const authorship = {
  created_by: z.string(),
  created_at: z.string(),
  updated_by: z.string(),
  updated_at: z.string(),
  version: z.number().int().min(1),
};

/** One page of a paged list: the page (from 1) and its size (20 unless asked, at most `pageSizeMax`). */
export const paging = (pageSizeMax: number) => ({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(pageSizeMax).default(20),
});

/** Only what changed after this time (deletions included), for a browser that already holds the list. */
export const updatedSince = z.iso.datetime({ offset: true }).optional();

/**
 * A page of a list the browser keeps, with the total, and the next `updated_since`: the server's
 * clock when the page was read, set back a little (30 s) so that a change committed while the
 * page was read is not missed; the entries changed within that margin come again in the next
 * read, which is harmless.
 */
export const keptListPage = <T extends z.ZodType>(entry: T) =>
  z.object({ lists: z.array(entry), total: z.number().int(), server_time: z.string() });
