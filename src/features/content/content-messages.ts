import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ContentKind, ContentTaskStatus } from '../../contract/rules/content';

/**
 * The texts of the refresh and prefetch message ids (src/contract/rules/content.ts and the
 * commands). The ids the server also sends (server/i18n/messages.ts) carry the server's very words,
 * so a rule reads the same whether the browser or the server caught it.
 */
export const contentRuleMessages: Record<string, MessageDescriptor> = {
  'content.url.protocol': msg({
    id: 'content.url.protocol',
    message: 'Enter the full URL, starting with http:// or https://',
  }),
  'content.url.format': msg({ id: 'content.url.format', message: 'This is not a valid URL' }),
  'content.url.chinese': msg({
    id: 'content.url.chinese',
    message: 'A URL cannot contain Chinese characters',
  }),
  'content.url.wildcard': msg({ id: 'content.url.wildcard', message: 'Wildcard hosts are not supported' }),
  'content.url.tooLong': msg({
    id: 'content.url.tooLong',
    message: '{max, plural, one {A URL has at most # character} other {A URL has at most # characters}}',
  }),
  'content.url.duplicate': msg({ id: 'content.url.duplicate', message: 'This URL is already in the list' }),
  'content.url.notAccelerated': msg({
    id: 'content.url.notAccelerated',
    message: '{host} is not an accelerated domain of this account',
  }),
  'content.dir.slash': msg({ id: 'content.dir.slash', message: 'A directory ends with /' }),
  'content.dir.wholeSite': msg({
    id: 'content.dir.wholeSite',
    message: 'Refreshing a whole site is not supported: enter a directory',
  }),
  'content.submit.empty': msg({ id: 'content.submit.empty', message: 'Enter at least one URL' }),
  'content.submit.hasErrors': msg({ id: 'content.submit.hasErrors', message: 'Submitted URLs have errors' }),
  'content.submit.tooMany': msg({
    id: 'content.submit.tooMany',
    message: 'Too many URLs in one submission: at most {max}',
  }),
  'content.quota.exceeded': msg({
    id: 'content.quota.exceeded',
    message: "Today's quota is not enough ({remaining} left); contact support for more",
  }),
  'content.edge.notAccelerated': msg({
    id: 'content.edge.notAccelerated',
    message: 'The domain was no longer accelerated when the task ran',
  }),
  'content.edge.unavailable': msg({
    id: 'content.edge.unavailable',
    message: 'The edge could not execute it. Retry it.',
  }),
};

const unknownProblem = msg({ id: 'content.url.invalid', message: 'This URL cannot be submitted' });

/** The text of a message id, with the values it names (`max`, `remaining`, `host`). */
export function contentText(i18n: I18n, id: string, values: Record<string, unknown> = {}): string {
  const descriptor = contentRuleMessages[id] ?? unknownProblem;
  const withValues: MessageDescriptor = { ...descriptor, values };
  return i18n._(withValues);
}

export const kindLabels: Record<ContentKind, MessageDescriptor> = {
  url: msg({ id: 'content.kind.url', message: 'URL refresh' }),
  dir: msg({ id: 'content.kind.dir', message: 'Directory refresh' }),
  prefetch: msg({ id: 'content.kind.prefetch', message: 'Prefetch' }),
};

/** spec §4: the task states. */
export const statusLabels: Record<ContentTaskStatus, MessageDescriptor> = {
  pending: msg({ id: 'content.status.pending', message: 'To be executed' }),
  running: msg({ id: 'content.status.running', message: 'Executing' }),
  success: msg({ id: 'content.status.success', message: 'Succeeded' }),
  failure: msg({ id: 'content.status.failure', message: 'Failed' }),
};

export const statusColors: Record<ContentTaskStatus, string> = {
  pending: 'gray',
  running: 'blue',
  success: 'green',
  failure: 'red',
};

/** A submission not yet accepted by the server, by the state of its queued command. */
export const queuedLabels: Record<'queued' | 'rejected' | 'conflict', MessageDescriptor> = {
  queued: msg({ id: 'content.queued.queued', message: 'Pending sync' }),
  rejected: msg({ id: 'content.queued.rejected', message: 'Rejected' }),
  conflict: msg({ id: 'content.queued.conflict', message: 'Conflict' }),
};
