import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { copyTargetNames, domainCreatePayload, domainName } from '../../../src/contract/domain';
import {
  checkCopyTargets,
  checkDomainName,
  checkDomainNames,
  checkHost,
  checkOrigins,
  type OriginInput,
} from '../../../src/contract/rules/domain';
import { checkQuota } from '../../../src/commands/domain/rules';
import { limits } from '../../../src/contract/limits';
import { validateCreate } from '../../../src/features/domain/create/validate';
import { defaultBasic } from '../../../src/features/domain/form/drafts';
import {
  copyTargetRows,
  domainNameRows,
  hostRows,
  origin,
  originRows,
  type RuleRow,
} from '../../support/domain-rule-table';

/** A valid create payload, changed by `change`. */
const createPayload = (change: Record<string, unknown>) => ({
  id: '0b5f3f4e-3c39-4c0e-9b5b-2f1a3c4d5e6f',
  domain: 'www.rules-table.com',
  ...defaultBasic,
  origins: [origin()],
  group_id: null,
  ...change,
});

/** The zod issues as the server reports them: `path` dotted, the message id. */
const issuesOf = (result: z.ZodSafeParseResult<unknown>) =>
  result.success ? [] : result.error.issues.map((i) => ({ path: i.path.join('.'), message_id: i.message }));

/** What a row expects of a list of issues: none, or only its message (at its path when it has one). */
function expectIssues(row: RuleRow<unknown>, issues: { path: string; message_id: string }[]) {
  if (row.expect === null) {
    expect(issues).toEqual([]);
    return;
  }
  expect([...new Set(issues.map((i) => i.message_id))]).toEqual([row.expect]);
  if (row.path !== undefined) expect(issues).toContainEqual({ path: row.path, message_id: row.expect });
}

/** The origins as the form holds them: numbers as the text typed. */
const asTyped = (origins: OriginInput[]): OriginInput[] =>
  origins.map((o) => ({ ...o, port: String(o.port), level: String(o.level), weight: String(o.weight) }));

describe('spec §5 service domain, at its boundaries', () => {
  it.each(domainNameRows)('$name → $expect', (row) => {
    expect(checkDomainName(row.input)).toBe(row.expect);
    expectIssues(row, issuesOf(domainName.safeParse(row.input)));
    expectIssues(
      { ...row, path: 'domain' },
      issuesOf(domainCreatePayload.safeParse(createPayload({ domain: row.input }))),
    );
    // The create form says the same (it sends the name without surrounding blanks).
    expectIssues(
      { ...row, path: 'domain' },
      validateCreate({ domain: row.input, basic: defaultBasic, group_id: '', origins: [] }).filter(
        (i) => i.path === 'domain',
      ),
    );
  });
});

describe('spec §5 origins, at their boundaries', () => {
  it.each(originRows)('$name → $expect', (row) => {
    expectIssues(row, checkOrigins(row.input));
    expectIssues(row, checkOrigins(asTyped(row.input)));
    expectIssues(row, issuesOf(domainCreatePayload.safeParse(createPayload({ origins: row.input }))));
  });

  it.each(hostRows)('$name → $expect', (row) => {
    expect(checkHost(row.input)).toBe(row.expect);
  });

  it('reports every problem of a list, each at its field', () => {
    const issues = checkOrigins([
      origin({ address: '', port: 0, level: 9, weight: 0, host: 'bad host', carrier: 'telecom' }),
    ]);
    expect(issues).toEqual([
      { path: 'origins.0.address', message_id: 'domain.origin.required' },
      { path: 'origins.0.port', message_id: 'domain.origin.port' },
      { path: 'origins.0.level', message_id: 'domain.origin.level' },
      { path: 'origins.0.weight', message_id: 'domain.origin.weight' },
      { path: 'origins.0.host', message_id: 'domain.origin.host' },
      { path: 'origins', message_id: 'domain.origin.defaultCarrier' },
    ]);
  });
});

describe('spec §5 copy configuration targets, at their boundaries', () => {
  it.each(copyTargetRows)('$name → $expect', (row) => {
    const browser = [
      ...(checkCopyTargets(row.input)
        ? [{ path: '', message_id: checkCopyTargets(row.input) as string }]
        : []),
      ...checkDomainNames(row.input).map((i) => ({ path: String(i.index), message_id: i.message_id })),
    ];
    expectIssues(row, browser);
    expectIssues(row, issuesOf(copyTargetNames.safeParse(row.input)));
  });
});

describe('domain quota (limits.domain.perAccount)', () => {
  const max = limits.domain.perAccount;
  it.each([
    { held: max - 2, refused: false },
    { held: max - 1, refused: false },
    { held: max, refused: true },
    { held: max + 1, refused: true },
  ])('with $held held → refused: $refused', ({ held, refused }) => {
    const check = () => checkQuota({ nameTaken: false, groupExists: true, held });
    if (refused) expect(check).toThrow(expect.objectContaining({ messageId: 'domain.limit', data: { max } }));
    else expect(check).not.toThrow();
  });
  it('is not judged in the browser, which does not know the count', () => {
    expect(() => checkQuota(undefined)).not.toThrow();
    expect(() => checkQuota({ nameTaken: false, groupExists: true })).not.toThrow();
  });
});
