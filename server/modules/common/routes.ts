import type { FastifyInstance } from 'fastify';
import { dictionary, type Language } from '../../../src/contract';
import type { AppContext } from '../../http/context';
import { ok, requestLanguage } from '../../http/envelope';
import { contractRoute } from '../../http/routes';

/** The enumeration dictionary (spec §3 "dict") in one language. */
export function dictionaryIn(language: Language): Record<string, Record<string, string>> {
  return Object.fromEntries(
    Object.entries(dictionary).map(([group, entries]) => [
      group,
      Object.fromEntries(Object.entries(entries).map(([code, label]) => [code, label[language]])),
    ]),
  );
}

export function commonRoutes(app: FastifyInstance, ctx: AppContext): void {
  contractRoute(app, ctx, 'enumLists', async (request) =>
    ok(request, dictionaryIn(requestLanguage(request))),
  );
}
