import { Code } from '../contract/codes';
import type { Issue } from '../contract/envelope';

/** What an API error tells of a refusal: its envelope code and data. */
interface Refused {
  code: number;
  data: unknown;
}

const isIssue = (value: unknown): value is Issue =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Issue).path === 'string' &&
  typeof (value as Issue).message_id === 'string';

/** The envelope's `data` of a refusal, as a record (empty when it holds none). */
export const refusalData = (error: Refused): Record<string, unknown> =>
  (typeof error.data === 'object' && error.data !== null ? error.data : {}) as Record<string, unknown>;

/** The issues of a refusal of an invalid request (40001, `data.issues`); null for any other refusal. */
export function invalidRequestIssues(error: Refused): Issue[] | null {
  const issues = refusalData(error).issues;
  return error.code === Code.invalidRequest && Array.isArray(issues) ? issues.filter(isIssue) : null;
}
