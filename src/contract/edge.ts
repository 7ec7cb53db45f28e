import { z } from 'zod';
import { domainConfigResult } from './domain-config';
import { origin } from './domain';
import { domainStatuses } from './rules/domain';

/**
 * The edge's side of the console: edge nodes (Debian's nginx driven by the edge agent, `edge/`)
 * register with an edge key the operator made, pull the configuration of every active domain,
 * report what took effect, execute refresh and prefetch, and ship their access logs through the
 * ingestion call. Every call carries `Authorization: Edge <key>`; one key is one node.
 */
export const edgePaths = {
  register: '/v3/edge/node/register',
  config: '/v3/edge/node/config',
  report: '/v3/edge/node/report',
} as const;

/** What a node says of itself when it starts. */
export const edgeRegisterBody = z.object({
  /** The agent's version. */
  version: z.string().trim().min(1).max(40),
  /** The address clients reach the node at (IPv4): the IP check answers "edge node" for it. */
  address: z.ipv4(),
  http_port: z.number().int().min(1).max(65_535),
  https_port: z.number().int().min(1).max(65_535),
});
export type EdgeRegisterBody = z.output<typeof edgeRegisterBody>;
export const edgeRegisterResult = z.object({ name: z.string() });

/** The certificate a domain's HTTPS section serves, key included (the channel is the edge key's). */
export const edgeCertificate = z.object({
  id: z.string(),
  serial: z.string(),
  cert_pem: z.string(),
  key_pem: z.string(),
});
export type EdgeCertificate = z.output<typeof edgeCertificate>;

/** One IP ban of the domain's account, in effect until `expires_at` (null: until lifted). */
export const edgeBan = z.object({ range: z.string(), expires_at: z.string().nullable() });
export type EdgeBan = z.output<typeof edgeBan>;

/**
 * One domain as an edge serves it: its name, status, origins and every configuration section
 * (with their versions), the certificate in service, and the bans of its account. `seq` is the
 * change it was last touched by: a node that applied `seq` serves this state.
 */
export const edgeDomain = z.object({
  id: z.string(),
  account_id: z.number().int(),
  name: z.string(),
  status: z.enum(domainStatuses),
  /** The domain aggregate's version (its origins and status live there). */
  version: z.number().int(),
  seq: z.number().int(),
  origins: z.array(origin),
  sections: domainConfigResult,
  certificate: edgeCertificate.nullable(),
  bans: z.array(edgeBan),
});
export type EdgeDomain = z.output<typeof edgeDomain>;

/** A refresh or prefetch for the node to carry out: its answer goes back in the next report. */
export const edgeJob = z.object({
  id: z.string(),
  kind: z.enum(['url', 'dir', 'prefetch']),
  urls: z.array(z.string()),
});
export type EdgeJob = z.output<typeof edgeJob>;

export const edgeConfigQuery = z.object({
  /** The last change the node holds; 0 (or absent) for everything. */
  since: z.coerce.number().int().min(0).default(0),
});
/**
 * The changes after `since` (every serving domain when `since` is 0): domains to serve as given,
 * and ids of domains to stop serving (deleted, or gone from the edge). `seq` is the next `since`.
 */
export const edgeConfigResult = z.object({
  seq: z.number().int(),
  full: z.boolean(),
  domains: z.array(edgeDomain),
  removed: z.array(z.string()),
  jobs: z.array(edgeJob),
});
export type EdgeConfigResult = z.output<typeof edgeConfigResult>;

/**
 * How one domain stands on the node after an apply: the versions now in effect (`domain` and each
 * section kind; null once the node serves it no more), and, when nginx refused the configuration
 * of `seq`, why (the node goes on serving the versions in effect).
 */
export const edgeDomainReport = z.object({
  domain_id: z.string().max(64),
  seq: z.number().int().min(0),
  versions: z.record(z.string().max(40), z.number().int().min(0)).nullable(),
  failure: z.string().max(2000).nullable(),
});
export type EdgeDomainReport = z.output<typeof edgeDomainReport>;

export const edgeReportBody = z.object({
  /** Every change up to this one was tried on the node (`domains` says how each came out). */
  applied_seq: z.number().int().min(0),
  /** The domains whose state changed since the node's last report. */
  domains: z.array(edgeDomainReport).max(100_000),
  /** Jobs done: for each URL in order, null when it took effect, or why not (a message id). */
  jobs: z.array(z.object({ id: z.string(), results: z.array(z.string().max(100).nullable()) })).max(1000),
});
export type EdgeReportBody = z.output<typeof edgeReportBody>;

/** How a domain's configuration stands at the edge, section by section (the domain page shows it). */
export const deploymentStates = ['deploying', 'effective', 'failed', 'local'] as const;
export type DeploymentState = (typeof deploymentStates)[number];

export const domainDeploymentQuery = z.object({ id: z.uuid('common.invalid') });
export const domainDeploymentResult = z.object({
  /** Nodes registered and in contact: none means the console's own edge simulation serves refresh. */
  nodes: z.number().int(),
  sections: z.array(
    z.object({
      /** `domain` (origins and status) or a configuration section's kind. */
      kind: z.string(),
      version: z.number().int(),
      state: z.enum(deploymentStates),
      /**
       * The version every node in contact serves, when they agree: `version` itself when
       * effective, an earlier one while a newer one deploys or after it was refused; else null.
       */
      effective_version: z.number().int().nullable(),
      /** Why the edge refused it (the state `failed`), as nginx said. */
      reason: z.string().nullable(),
    }),
  ),
});
export type DomainDeployment = z.output<typeof domainDeploymentResult>;
