import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { messages, t } from '../../../server/i18n/messages';
import { Code } from '../../../src/contract';
import {
  copyTargetRows,
  domainNameRows,
  origin,
  originRows,
  type RuleRow,
} from '../../support/domain-rule-table';
import { call, describeServer, signIn, type Envelope } from '../../support/server-harness';

const createPath = '/v3/domain/domain/add';
const copyPath = '/v3/domain/domain/copy';

interface Issue {
  path: string;
  message_id: string;
}

/** The message ids of a refusal: its `data.issues`, or else the id whose English text `msg` is. */
function messageIdsOf(body: Envelope): string[] {
  const issues = body.data.issues as Issue[] | undefined;
  if (Array.isArray(issues) && issues.length > 0) return [...new Set(issues.map((i) => i.message_id))];
  const byText = Object.entries(messages).find(([id]) => t(id, 'en_US') === body.msg);
  return byText ? [byText[0]] : [];
}

/** The server's answer says what the row expects: success, or the row's message (at its path). */
function expectAnswer(row: RuleRow<unknown>, body: Envelope, path?: string) {
  const answer = JSON.stringify(body);
  if (row.expect === null) {
    expect(body.code, answer).toBe(Code.ok);
    return;
  }
  expect(body.code, answer).not.toBe(Code.ok);
  expect(messageIdsOf(body), answer).toEqual([row.expect]);
  const at = path ?? row.path;
  if (at !== undefined && Array.isArray(body.data.issues))
    expect(body.data.issues, answer).toContainEqual({ path: at, message_id: row.expect });
}

describeServer('domain rules: the server answers as the browser does (spec §5)', (h) => {
  let token = '';
  beforeAll(async () => {
    token = (await signIn(h().app, 'demo')).token;
  });

  /** One single-command call, with its own idempotency key, in English. */
  const post = (path: string, body: unknown) =>
    call(h().app, 'POST', path, {
      token,
      body,
      language: 'en',
      headers: { 'idempotency-key': `rules-${randomUUID()}` },
    }).then((r) => r.body);

  let serial = 0;
  /** A valid create payload with a name of its own, changed by `change`. */
  const newDomain = (change: Record<string, unknown> = {}) => ({
    id: randomUUID(),
    domain: `row-${++serial}.rules-server.com`,
    service_type: 'web',
    area: '1',
    business_type: 'web',
    origins: [origin()],
    group_id: null,
    ...change,
  });

  it.each(domainNameRows)('service domain: $name → $expect', async (row) => {
    expectAnswer(row, await post(createPath, newDomain({ domain: row.input })), 'domain');
  });

  it.each(originRows)('origins: $name → $expect', async (row) => {
    expectAnswer(row, await post(createPath, newDomain({ origins: row.input })));
  });

  it('answers the CNAME of a new domain, and refuses a name already in use', async () => {
    const first = await post(createPath, newDomain({ domain: 'taken.rules-server.com' }));
    expect(first).toMatchObject({ code: 0, data: { snapshot: { domain: 'taken.rules-server.com' } } });
    const snapshot = (first.data as { snapshot: { cname: string } }).snapshot;
    expect(snapshot.cname).toMatch(/\S/);
    const again = await post(createPath, newDomain({ domain: 'taken.rules-server.com' }));
    expect(again.code).not.toBe(Code.ok);
    expect(messageIdsOf(again)).toEqual(['domain.name.exists']);
  });

  /**
   * A copy's targets reach the server one command at a time (`domain.copyConfig`, one per target,
   * sharing a `copy_id`): the server counts them per copy and refuses the 11th with 42203. A target
   * repeated within the list arrives as a name already in use (or as a duplicate of the copy's
   * earlier target), so either message is the server's word for the list's `domain.name.duplicate`.
   */
  it.each(copyTargetRows.filter((row) => row.input.length > 0))(
    'copy targets: $name → $expect',
    async (row) => {
      const source = newDomain();
      expect((await post(createPath, source)).code).toBe(Code.ok);
      const copyId = randomUUID();
      const offending =
        row.expect === null ? -1 : row.path !== undefined ? Number(row.path) : row.input.length - 1;
      for (const [index, name] of row.input.entries()) {
        const body = await post(copyPath, {
          ...newDomain({ domain: name }),
          source_id: source.id,
          copy_id: copyId,
          contents: ['basic', 'origin'],
        });
        const answer = JSON.stringify(body);
        if (index !== offending) {
          expect(body.code, `target ${index}: ${answer}`).toBe(Code.ok);
          continue;
        }
        expect(body.code, answer).not.toBe(Code.ok);
        if (row.expect === 'domain.copy.targetsMax') expect(body.code, answer).toBe(Code.limitReached);
        const ids = messageIdsOf(body);
        if (row.expect === 'domain.name.duplicate')
          expect(['domain.name.duplicate', 'domain.name.exists'], answer).toContain(ids[0]);
        else expect(ids, answer).toEqual([row.expect]);
        break;
      }
    },
  );

  it('counts the targets per copy: another copy of the same source has its own 10', async () => {
    const source = newDomain();
    expect((await post(createPath, source)).code).toBe(Code.ok);
    const copy = (copyId: string, n: number) =>
      post(copyPath, {
        ...newDomain({ domain: `per-copy-${copyId.slice(0, 8)}-${n}.rules-server.com` }),
        source_id: source.id,
        copy_id: copyId,
        contents: ['basic'],
      });
    const firstCopy = randomUUID();
    for (let n = 1; n <= 10; n += 1) expect((await copy(firstCopy, n)).code).toBe(Code.ok);
    const eleventh = await copy(firstCopy, 11);
    expect(eleventh.code).toBe(Code.limitReached);
    expect(messageIdsOf(eleventh)).toEqual(['domain.copy.targetsMax']);
    expect((await copy(randomUUID(), 1)).code).toBe(Code.ok);
  });
});
