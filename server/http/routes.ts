import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { limits, type Envelope } from '../../src/contract';
import { endpoints, type EndpointName } from '../../src/contract/endpoints';
import { envelopeOf } from '../../src/contract/schemas';
import { trafficMenuPaths } from '../../src/contract/traffic';
import {
  authenticate,
  requireMenuPath,
  requireOpenService,
  requireTokenAllows,
  type AuthContext,
} from './auth';
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
 * Function permission of /v3 endpoints that belong to a menu path (spec §6). Endpoints not
 * listed are reachable by every signed-in account.
 */
export const endpointMenuPaths: Partial<Record<EndpointName, string | readonly string[]>> = {
  cdnType: '/cdn/dashboard',
  overviewDomains: '/cdn/dashboard',
  ipBanList: '/cdn/ip-ban',
  ipBanLookup: '/cdn/ip-ban',
  domainList: '/cdn/domain/list',
  domainNames: '/cdn/domain/list',
  domainDetail: '/cdn/domain/list',
  domainGroupList: '/cdn/domain/list',
  domainConfig: '/cdn/domain/list',
  sectionHistory: '/cdn/domain/list',
  certList: '/cdn/cert',
  certDetail: '/cdn/cert',
  certUpload: '/cdn/cert',
  certDelete: '/cdn/cert',
  certFeed: '/cdn/cert',
  certFeedUpdate: '/cdn/cert',
  trafficSeries: trafficMenuPaths,
  trafficTop: trafficMenuPaths,
  trafficUv: trafficMenuPaths,
  logFiles: '/cdn/log',
  childLists: '/cdn/user/list',
  childAdd: '/cdn/user/list',
  childDetail: '/cdn/user/list',
  childUpdate: '/cdn/user/list',
  childPassword: '/cdn/user/list',
  childDelete: '/cdn/user/list',
  childAuthLists: '/cdn/user/list',
  childAuthUpdate: '/cdn/user/list',
  childSimulate: '/cdn/user/list',
  tokenLists: '/cdn/token-manage',
  tokenCreate: '/cdn/token-manage',
  tokenDelete: '/cdn/token-manage',
  auditList: '/cdn/user/audit-log',
  contentList: '/cdn/content',
  contentQuota: '/cdn/content',
  ipCheck: '/cdn/utils/ipinquiry',
  trafficPackageList: '/cdn/traffic-package',
  resourceQuota: '/cdn/resource-config',
  fileSyncList: '/cdn/file-sync',
  fileSyncCreate: '/cdn/file-sync',
  fileSyncChunk: '/cdn/file-sync',
  fileSyncDelete: '/cdn/file-sync',
  alarmConfig: '/cdn/alarm-manage',
  alarmHistory: '/cdn/alarm-manage',
  alarmDeliveries: '/cdn/alarm-manage',
  alarmCallbackKey: '/cdn/alarm-manage',
  alarmCallbackKeyRotate: '/cdn/alarm-manage',
};

/** The endpoints that act on one domain or one certificate named in their input (data permission). */
export const endpointObjects: Partial<Record<EndpointName, 'domain' | 'cert'>> = {
  domainDetail: 'domain',
  domainConfig: 'domain',
  sectionHistory: 'domain',
  trafficSeries: 'domain',
  trafficTop: 'domain',
  trafficUv: 'domain',
  logFiles: 'domain',
  certDetail: 'cert',
  certDelete: 'cert',
};

/**
 * Whether each endpoint changes anything: a read-only API token may call only the reads. Every
 * endpoint is listed (the type requires it), so a new one is classified when it is added.
 */
export const endpointEffects: Record<EndpointName, 'read' | 'write'> = {
  identityView: 'write',
  identityValidate: 'read',
  identityLogout: 'write',
  identityUser: 'read',
  checkAuth: 'read',
  viewLists: 'read',
  searchCondition: 'read',
  enumLists: 'read',
  authLists: 'read',
  cdnType: 'read',
  overviewDomains: 'read',
  loginInfo: 'read',
  consoleBoot: 'read',
  switchUser: 'write',
  customerLists: 'read',
  baseInfo: 'read',
  update: 'write',
  cwn: 'read',
  productOpen: 'write',
  feedbackUpload: 'write',
  feedbackAdd: 'write',
  syncPush: 'write',
  ipBanList: 'read',
  ipBanLookup: 'read',
  domainList: 'read',
  domainNames: 'read',
  domainDetail: 'read',
  domainGroupList: 'read',
  certList: 'read',
  certDetail: 'read',
  certUpload: 'write',
  certDelete: 'write',
  certFeed: 'read',
  certFeedUpdate: 'write',
  domainConfig: 'read',
  sectionHistory: 'read',
  trafficSeries: 'read',
  trafficTop: 'read',
  trafficUv: 'read',
  logFiles: 'read',
  childLists: 'read',
  childAdd: 'write',
  childDetail: 'read',
  childUpdate: 'write',
  childPassword: 'write',
  childDelete: 'write',
  childAuthLists: 'read',
  childAuthUpdate: 'write',
  childSimulate: 'read',
  tokenLists: 'read',
  tokenCreate: 'write',
  tokenDelete: 'write',
  passwordChange: 'write',
  twoFactorStatus: 'read',
  twoFactorSetup: 'write',
  twoFactorEnable: 'write',
  twoFactorDisable: 'write',
  auditList: 'read',
  contentList: 'read',
  contentQuota: 'read',
  ipCheck: 'read',
  trafficPackageList: 'read',
  resourceQuota: 'read',
  fileSyncList: 'read',
  fileSyncCreate: 'write',
  fileSyncChunk: 'write',
  fileSyncDelete: 'write',
  alarmConfig: 'read',
  alarmHistory: 'read',
  alarmDeliveries: 'read',
  // The key is a secret: only callers that may change things read it.
  alarmCallbackKey: 'write',
  alarmCallbackKeyRotate: 'write',
};

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

const authOf = new WeakMap<FastifyRequest, AuthContext>();

/**
 * Registers one endpoint of the contract table: method, path, input schema (query for GET,
 * body for POST), the enveloped output, its summary and tag, and the access checks.
 */
export function contractRoute<N extends EndpointName>(
  app: FastifyInstance,
  ctx: AppContext,
  name: N,
  handler: Handler<N>,
): void {
  const endpoint = endpoints[name] as (typeof endpoints)[EndpointName];
  const input = 'input' in endpoint ? endpoint.input : undefined;
  const menuPath = endpointMenuPaths[name];
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
    ...(rawBody
      ? {
          config: {
            swaggerTransform: (document) => {
              const transformed = jsonSchemaTransform(document);
              return { ...transformed, schema: { ...transformed.schema, body: rawBody } };
            },
          },
        }
      : {}),
    // Sign-in and permissions are checked before the input, so an anonymous caller learns nothing.
    preValidation: async (request) => {
      // A POST without a body (viewLists: "none") is validated as an empty object.
      if (
        endpoint.method === 'POST' &&
        input &&
        !binary &&
        (request.body === undefined || request.body === null)
      )
        request.body = {};
      if (endpoint.access === 'public') return;
      const auth = await authenticate(ctx, request);
      if (endpoint.access === 'open') requireOpenService(auth);
      if (menuPath) requireMenuPath(auth, menuPath);
      requireTokenAllows(auth, endpoint.tag, endpointEffects[name] === 'write');
      authOf.set(request, auth);
    },
    handler: async (request, reply) => {
      const auth = authOf.get(request) ?? null;
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
