import {
  checkDomainName,
  checkOrigins,
  type DomainNameProblem,
  type OriginIssue,
  type OriginProblem,
} from '../../../contract/rules/domain';
import type { CreatePayload } from '../commands';
import { defaultBasic, emptyOrigin, toOrigins, type BasicDraft, type OriginDraft } from '../form/drafts';

/** The create form as the user fills it in. */
export interface CreateDraft {
  domain: string;
  basic: BasicDraft;
  /** The group's id, or '' for none. */
  group_id: string;
  origins: OriginDraft[];
}

export const emptyCreateDraft = (): CreateDraft => ({
  domain: '',
  basic: { ...defaultBasic },
  group_id: '',
  origins: [emptyOrigin()],
});

export type CreateProblem = DomainNameProblem | 'domain.name.exists' | OriginProblem;

/** A problem of the form, at `domain`, `origins` or `origins.<i>.<field>`. */
export interface CreateIssue {
  path: string;
  message_id: CreateProblem;
}

/** The service domain as it is sent: what was typed, without surrounding blanks. */
export const domainOf = (draft: Pick<CreateDraft, 'domain'>) => draft.domain.trim();

/**
 * Every rule of spec §5 the new domain breaks, with the contract's rules (the server applies the
 * same): the service domain's, then the origins'. A name that a domain of the account already
 * has (`taken`: not deleted, pending creations included) is refused with `domain.name.exists`.
 */
export function validateCreate(draft: CreateDraft, taken: ReadonlySet<string> = new Set()): CreateIssue[] {
  const issues: CreateIssue[] = [];
  const name = domainOf(draft);
  const problem = checkDomainName(name);
  if (problem) issues.push({ path: 'domain', message_id: problem });
  else if (taken.has(name)) issues.push({ path: 'domain', message_id: 'domain.name.exists' });
  issues.push(...checkOrigins(draft.origins));
  return issues;
}

/** The origins' issues of a list of issues, typed for the origins editor. */
export const originIssuesOf = (issues: readonly CreateIssue[]): OriginIssue[] =>
  issues.filter(
    (issue): issue is OriginIssue => issue.path === 'origins' || issue.path.startsWith('origins.'),
  );

/** The payload of `domain.create` for a draft that passed `validateCreate`. */
export function createPayload(draft: CreateDraft, id: string): CreatePayload {
  return {
    id,
    domain: domainOf(draft),
    ...draft.basic,
    origins: toOrigins(draft.origins),
    group_id: draft.group_id === '' ? null : draft.group_id,
  };
}

/**
 * Rules that compare an origin with others: once any field of a row has been touched, their
 * message shows on that row even if the field it sits on has not been.
 */
const acrossRows: ReadonlySet<CreateProblem> = new Set([
  'domain.origin.duplicate',
  'domain.origin.backupSameAsPrimary',
  'domain.origin.domainSingle',
]);

/**
 * Where a field was touched, by a key that survives removing rows: `domain`, or
 * `origins.<row key>.<field>`. `touchKey` turns an editor path (`origins.<i>.<field>`) into one.
 */
export function touchKey(path: string, origins: readonly Pick<OriginDraft, 'key'>[]): string {
  const match = /^origins\.(\d+)\.(\w+)$/.exec(path);
  if (!match) return path;
  const key = origins[Number(match[1])]?.key;
  return key === undefined ? path : `origins.${key}.${match[2]}`;
}

/**
 * The issues to show: all of them once the form has been submitted; before that, those of the
 * fields the user has left (validation is live from then on). A list-level problem of the origins
 * shows once any origin field has been touched.
 */
export function visibleIssues(
  issues: readonly CreateIssue[],
  origins: readonly Pick<OriginDraft, 'key'>[],
  touched: ReadonlySet<string>,
  submitted: boolean,
): CreateIssue[] {
  if (submitted) return [...issues];
  const touchedRows = new Set<string>();
  for (const key of touched) {
    const match = /^origins\.(.+)\.\w+$/.exec(key);
    if (match?.[1] !== undefined) touchedRows.add(match[1]);
  }
  return issues.filter((issue) => {
    if (issue.path === 'origins') return touchedRows.size > 0;
    const match = /^origins\.(\d+)\.(\w+)$/.exec(issue.path);
    if (!match) return touched.has(issue.path);
    const rowKey = origins[Number(match[1])]?.key;
    if (rowKey === undefined) return false;
    return (
      touched.has(`origins.${rowKey}.${match[2]}`) ||
      (acrossRows.has(issue.message_id) && touchedRows.has(rowKey))
    );
  });
}
