import type { FastifySchemaCompiler } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { canonicalJson } from './canonical-json';

type SerializerCompiler = (route: Parameters<FastifySchemaCompiler<unknown>>[0]) => (data: unknown) => string;

/**
 * How answers are written. Each handler builds its answer from the contract's types, so in service
 * it is only serialised: checking it against its schema on every call cost a third of a domain
 * list call's time. With `check` (the tests), every answer is checked against the contract and
 * must be exactly what the contract declares: a field it does not name (a leak) or a value it
 * would change fails the call with a 500 instead of being dropped silently.
 */
export function responseSerializer(check: boolean): SerializerCompiler {
  if (!check) return () => (data) => JSON.stringify(data);
  return (route) => {
    const checked = serializerCompiler(route as never) as (data: unknown) => string;
    return (data) => {
      const text = checked(data);
      // Compared as values: the order of keys (which a JSON column does not keep) does not matter.
      if (canonicalJson(JSON.parse(text)) !== canonicalJson(JSON.parse(JSON.stringify(data))))
        throw new Error(`${route.method} ${route.url}: the answer holds more than its contract declares`);
      return text;
    };
  };
}
