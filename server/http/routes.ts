import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { limits, type Envelope } from '../../src/contract';
import { endpoints, type EndpointName } from '../../src/contract/endpoints';
import { envelopeOf } from '../../src/contract/schemas';
import { callerOf } from '../authz/hooks';
import type { AuthContext } from '../authz/principal';
import type { AppContext } from './context';

/** Any answer other than success: a non-zero code with an object as data. */
export const failureEnvelope = z.object({
  code: z
    .number()
    .int()
    .refine((c) => c !== 0),
  msg: z.string(),
  data: z.record(z.string(), z.unknown()),
});

/**
 * Endpoints whose body is `multipart/form-data` (no JSON input): the body is read by the handler,
 * and only the OpenAPI document describes it, as this JSON Schema.
 */
export const multipartBodies: Partial<Record<EndpointName, Record<string, unknown>>> = {
  feedbackUpload: {
    type: 'object',
    required: ['file'],
    properties: {
      file: {
        type: 'string',
        format: 'binary',
        description: `One picture: jpg, png, gif or svg (the type is read from its bytes), at most ${limits.feedback.imageBytesMax / 1024 / 1024} MB.`,
      },
    },
  },
};

type Access<N extends EndpointName> = (typeof endpoints)[N]['access'];
type InputSchema<N extends EndpointName> = (typeof endpoints)[N] extends { input: infer I extends z.ZodType }
  ? I
  : never;
export type Input<N extends EndpointName> = [InputSchema<N>] extends [never]
  ? undefined
  : z.output<InputSchema<N>>;

export type Handler<N extends EndpointName> = (
  request: FastifyRequest,
  input: Input<N>,
  auth: Access<N> extends 'public' ? null : AuthContext,
  reply: FastifyReply,
) => Promise<Envelope<unknown>>;

/**
 * How far `server_time` is set back from the moment the list was read. A command that started
 * before the read but commits after it carries an `updated_at` earlier than the read; answering
 * a slightly earlier time makes the next `updated_since` page include it. Items read twice are
 * harmless to the browser (it replaces snapshots by id).
 */
export const updatedSinceOverlapMs = 30_000;

/**
 * Registers one endpoint of the contract table: method, path, input schema (query for GET,
 * body for POST), the enveloped output, its summary and tag, and its permission, which the gate
 * (`server/authz`) decides before the handler runs.
 */
export function contractRoute<N extends EndpointName>(
  app: FastifyInstance,
  _ctx: AppContext,
  name: N,
  handler: Handler<N>,
): void {
  const endpoint = endpoints[name] as (typeof endpoints)[EndpointName];
  const input = 'input' in endpoint ? endpoint.input : undefined;
  const multipartBody = multipartBodies[name];
  const binary = 'binary' in endpoint && endpoint.binary === true;
  const rawBody = binary
    ? { type: 'string', format: 'binary', description: 'The bytes of the chunk.' }
    : multipartBody;
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      summary: endpoint.summary,
      tags: [endpoint.tag],
      operationId: name,
      ...(endpoint.access === 'public' ? {} : { security: [{ bearerAuth: [] }] }),
      ...(input ? (endpoint.method === 'GET' || binary ? { querystring: input } : { body: input }) : {}),
      ...(multipartBody ? { consumes: ['multipart/form-data'] } : {}),
      ...(binary ? { consumes: ['application/octet-stream'] } : {}),
      response: { 200: envelopeOf(endpoint.output).or(failureEnvelope) },
    },
    config: {
      permission: endpoint,
      input: endpoint.method === 'GET' || binary ? 'query' : 'body',
      ...(rawBody
        ? {
            swaggerTransform: (document) => {
              const transformed = jsonSchemaTransform(document);
              return { ...transformed, schema: { ...transformed.schema, body: rawBody } };
            },
          }
        : {}),
    },
    // A POST without a body (viewLists: "none") is validated as an empty object.
    preValidation: async (request) => {
      if (
        endpoint.method === 'POST' &&
        input &&
        !binary &&
        (request.body === undefined || request.body === null)
      )
        request.body = {};
    },
    handler: async (request, reply) => {
      const auth = endpoint.access === 'public' ? null : callerOf(request);
      const data = (endpoint.method === 'GET' || binary ? request.query : request.body) as Input<N>;
      return handler(
        request,
        input ? data : (undefined as Input<N>),
        auth as Access<N> extends 'public' ? null : AuthContext,
        reply,
      );
    },
  });
}
