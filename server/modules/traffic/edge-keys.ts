import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, isNull, lt, or } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { Code } from '../../../src/contract';
import type { Db } from '../../db/client';
import { edgeKeys } from '../../db/schema';
import type { AppContext } from '../../http/context';
import { AppError } from '../../http/envelope';

/**
 * Keys of the edge nodes that send access logs. The operator makes one per node or fleet
 * (`npm run admin -- edge-key create <name>`); the key is shown once and kept as its SHA-256 (a
 * 256-bit random secret needs no slow hash). Revoking stops it at once.
 */
const hashOf = (key: string) => createHash('sha256').update(key, 'utf8').digest('hex');

export async function createEdgeKey(db: Db, name: string, now: Date): Promise<{ name: string; key: string }> {
  const key = `edge_${randomBytes(32).toString('base64url')}`;
  // A name made again replaces its earlier key.
  await db.delete(edgeKeys).where(eq(edgeKeys.name, name));
  await db.insert(edgeKeys).values({ name, keyHash: hashOf(key), createdAt: now });
  return { name, key };
}

export async function revokeEdgeKey(db: Db, name: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(edgeKeys)
    .set({ revokedAt: now })
    .where(and(eq(edgeKeys.name, name), isNull(edgeKeys.revokedAt)))
    .returning({ id: edgeKeys.id });
  return rows.length > 0;
}

export async function listEdgeKeys(db: Db) {
  return db
    .select({
      name: edgeKeys.name,
      createdAt: edgeKeys.createdAt,
      lastUsedAt: edgeKeys.lastUsedAt,
      revokedAt: edgeKeys.revokedAt,
    })
    .from(edgeKeys)
    .orderBy(asc(edgeKeys.name));
}

/** The name of the live key given, or null; its last use is written at most once a minute. */
export async function checkEdgeKey(db: Db, key: string, now: Date): Promise<string | null> {
  if (!key.startsWith('edge_') || key.length > 100) return null;
  const [row] = await db
    .select({ id: edgeKeys.id, name: edgeKeys.name, revokedAt: edgeKeys.revokedAt })
    .from(edgeKeys)
    .where(eq(edgeKeys.keyHash, hashOf(key)));
  if (!row || row.revokedAt) return null;
  await db
    .update(edgeKeys)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(edgeKeys.id, row.id),
        or(isNull(edgeKeys.lastUsedAt), lt(edgeKeys.lastUsedAt, new Date(now.getTime() - 60_000))),
      ),
    );
  return row.name;
}

/**
 * The name of the live edge key of `Authorization: Edge <key>`, or the refusal `edge.keyInvalid`.
 * It reads the headers only, so it runs before the body is read (an `onRequest` hook): a caller
 * without a key never gets the server to receive, let alone decompress, its body.
 */
export async function requireEdgeKey(
  ctx: Pick<AppContext, 'db'>,
  request: Pick<FastifyRequest, 'headers'>,
): Promise<string> {
  const header = request.headers.authorization ?? '';
  const key = header.startsWith('Edge ') ? header.slice(5).trim() : '';
  const name = key ? await checkEdgeKey(ctx.db, key, new Date()) : null;
  if (!name) throw new AppError(Code.tokenInvalid, 'edge.keyInvalid');
  return name;
}
