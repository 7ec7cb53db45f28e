import { z } from 'zod';

/** Every response: `{ code, msg, data }`; `code` 0 is success (ARCHITECTURE.md). */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

export const envelopeOf = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number().int(), msg: z.string(), data });

/** A validation issue as the server reports it: the field path and the contract message id. */
export const issueSchema = z.object({ path: z.string(), message_id: z.string() });
export type Issue = z.infer<typeof issueSchema>;
