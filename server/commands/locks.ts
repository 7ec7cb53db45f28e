import { sha256Hex } from '../http/crypto';

/**
 * A PostgreSQL advisory lock key for a name: the first 64 bits of its sha256 as a signed integer,
 * in text for a `$1::bigint` parameter. Names are prefixed by what they lock (`command:`, `ipBan:`)
 * so that different locks never share a key by construction.
 */
export const advisoryKey = (name: string): string =>
  BigInt.asIntN(64, BigInt(`0x${sha256Hex(name).slice(0, 16)}`)).toString();

/** The lock of one aggregate: every command that changes it holds it (see `executeCommand`). */
export const aggregateLockName = (accountId: number, kind: string, id: string) =>
  `aggregate:${accountId}:${kind}:${id}`;
