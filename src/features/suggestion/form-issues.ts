import { isApiError } from '../../api';
import { Code } from '../../contract';

/** A refusal's field issues (code 40001) as field → message id; the pictures' under `images`. */
export function issuesOf(error: unknown): Record<string, string> {
  if (!isApiError(error) || error.code !== Code.invalidRequest) return {};
  const data = error.data as { issues?: { path: string; message_id: string }[] } | undefined;
  const result: Record<string, string> = {};
  for (const issue of data?.issues ?? [])
    result[issue.path === 'image_ids' ? 'images' : issue.path] = issue.message_id;
  return result;
}
