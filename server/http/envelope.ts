import type { FastifyRequest } from 'fastify';
import { Code, type Envelope, type Issue } from '../../src/contract';
import { t } from '../i18n/messages';
import { languageFromAcceptLanguage } from './language';

/** spec §8: the sign-in address the console is sent to (relative, same origin). */
export const signInUrl = '/portal/login?redirect_uri=%2F';

/**
 * A business outcome that is not success: answered with HTTP 200 and the envelope
 * `{code, msg, data}`, `msg` in the caller's language.
 */
export class AppError extends Error {
  constructor(
    readonly code: number,
    readonly messageId: string,
    readonly data: Record<string, unknown> = {},
  ) {
    super(messageId);
    this.name = 'AppError';
  }
}

export const invalid = (issues: Issue[]) =>
  new AppError(Code.invalidRequest, issues[0]?.message_id ?? 'common.invalid', { issues });

export const requestLanguage = (request: FastifyRequest) =>
  languageFromAcceptLanguage(request.headers['accept-language']);

export function ok<T>(request: FastifyRequest, data: T, messageId = 'common.ok'): Envelope<T> {
  return { code: Code.ok, msg: t(messageId, requestLanguage(request)), data };
}

export function envelopeOfError(request: FastifyRequest, error: AppError): Envelope<Record<string, unknown>> {
  return {
    code: error.code,
    msg: t(error.messageId, requestLanguage(request), error.data),
    data: error.data,
  };
}
