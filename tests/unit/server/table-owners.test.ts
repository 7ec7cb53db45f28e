import { is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as schema from '../../../server/db/schema';
// @ts-expect-error plain ESM module shared with the lint configuration
import { tableOwners } from '../../../server/db/table-owners.js';

const owners = tableOwners as Record<string, string[]>;
const tables = Object.entries(schema)
  .filter(([, value]) => is(value, PgTable))
  .map(([name]) => name)
  .sort();

describe('the tables of the schema', () => {
  it('each have one owner, a folder of the server', () => {
    expect(tables.length).toBeGreaterThan(40);
    const owned = Object.values(owners).flat();
    expect(tables.filter((table) => !owned.includes(table))).toEqual([]);
    expect(owned.filter((table, i) => owned.indexOf(table) !== i)).toEqual([]);
    expect(owned.filter((table) => !tables.includes(table))).toEqual([]);
    expect(Object.keys(owners).filter((folder) => !existsSync(folder))).toEqual([]);
  });
});
