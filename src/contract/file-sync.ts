import { z } from 'zod';
import { entityId } from './domain';
import { text } from './text';

/**
 * Large-file sync (spec §2 /cdn/file-sync, §3): files uploaded in chunks to the account's storage,
 * resumable from where the server stands, their MD5 checked by the server once the last byte is
 * in. Deleting a stored file is a task of its own (operation `delete`).
 */
export const fileSyncLimits = {
  /** Bytes of one chunk; the last may be shorter. */
  chunkBytes: 8 * 1024 * 1024,
  /** One file (not in the spec; "multi-GB"). */
  fileBytesMax: 20 * 1024 ** 3,
  /** What one account stores, counting uploads under way at their full size (not in the spec). */
  storageBytesMax: 50 * 1024 ** 3,
  /** Uploads of one account not finished yet (not in the spec). */
  unfinishedMax: 5,
  nameMax: 255,
  /** Rows of the task list (newest first). */
  listMax: 500,
} as const;

export const fileSyncOperations = ['upload', 'delete'] as const;
export type FileSyncOperation = (typeof fileSyncOperations)[number];

/**
 * An upload: `uploading` (chunks come in) → `verifying` (all bytes in, MD5 being checked) →
 * `succeeded` (stored) or `failed` (MD5 differs; nothing kept); `cancelled` before its end;
 * `deleted` once its file is deleted. A delete task is `succeeded` when it is recorded.
 */
export const fileSyncStatuses = [
  'uploading',
  'verifying',
  'succeeded',
  'failed',
  'cancelled',
  'deleted',
] as const;
export type FileSyncStatus = (typeof fileSyncStatuses)[number];

export const md5Hex = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[0-9a-f]{32}$/, 'fileSync.md5.invalid');

/** The §3 problem of a file name: null when it may be stored. */
export function fileNameProblem(name: string): string | null {
  if (name.trim() === '') return 'fileSync.name.required';
  if (name.length > fileSyncLimits.nameMax) return 'fileSync.name.tooLong';
  if (/[/\\]/.test(name) || name === '.' || name === '..') return 'fileSync.name.invalid';
  return null;
}

export const fileSyncTask = z.object({
  id: z.string(),
  /** Who created it (login). */
  user: z.string(),
  name: z.string(),
  operation: z.enum(fileSyncOperations),
  size: z.number().int(),
  /** Bytes the server holds, in order from the first (uploads under way). */
  received: z.number().int(),
  status: z.enum(fileSyncStatuses),
  /** The MD5 the uploader declared; for a succeeded upload, the server found the same. */
  md5: z.string(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  /** Why it failed (a message of the catalog), when it did. */
  failure: z.string().nullable(),
});
export type FileSyncTask = z.infer<typeof fileSyncTask>;

export const fileSyncListResult = z.object({
  lists: z.array(fileSyncTask),
  storage: z.object({ used: z.number().int(), max: z.number().int() }),
  chunk_bytes: z.number().int(),
  file_bytes_max: z.number().int(),
});

export const fileSyncCreateBody = z.object({
  /** Chosen by the browser. */
  id: entityId,
  name: text()
    .trim()
    .superRefine((value, ctx) => {
      const problem = fileNameProblem(value);
      if (problem)
        ctx.addIssue({ code: 'custom', message: problem, params: { max: fileSyncLimits.nameMax } });
    }),
  size: z
    .number()
    .int('fileSync.size.invalid')
    .min(1, 'fileSync.size.empty')
    .max(fileSyncLimits.fileBytesMax, 'fileSync.size.tooLarge'),
  md5: md5Hex,
});
export type FileSyncCreateBody = z.input<typeof fileSyncCreateBody>;

/** Where the chunk goes: the task, and the offset of its first byte (the bytes the server holds). */
export const fileSyncChunkQuery = z.object({
  id: entityId,
  offset: z.coerce.number().int().min(0),
});

export const fileSyncChunkResult = z.object({ task: fileSyncTask });

export const fileSyncDeleteBody = z.object({ id: entityId });
export const fileSyncDeleteResult = z.object({
  /** What it did: an upload cancelled, a stored file deleted (the new delete task), a record removed. */
  done: z.enum(['cancelled', 'deleted', 'removed']),
  task: fileSyncTask.nullable(),
});
