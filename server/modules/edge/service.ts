import { randomUUID } from 'node:crypto';
import { and, eq, gt, gte, inArray, isNull, max, sql } from 'drizzle-orm';
import { sectionKinds, type SectionKind } from '../../../src/contract/domain-config';
import type {
  DeploymentState,
  DomainDeployment,
  EdgeConfigResult,
  EdgeDomain,
  EdgeRegisterBody,
  EdgeReportBody,
} from '../../../src/contract/edge';
import type { Executor } from '../../db/client';
import { edgeAgents, edgeDomainStates, edgeJobs, edgeRevisions } from '../../db/schema';
import { loadDocumentsOf } from '../../aggregates/documents';
import { certificatesForEdge } from '../cert/service';
import type { KeyVault } from '../cert/key-vault';
import { sectionsFrom } from '../domain/config';
import { domainNames, edgeDomainRows } from '../domain/service';
import { bansInForce } from '../ip-ban/service';

/** A node not heard from for this long is out of contact: nothing waits for it. */
export const nodeSilenceMs = 30_000;

// One lock for every change the edge serves: changes take their `seq` in the order they commit,
// so a node that read up to `seq` never misses a smaller one committed after its read.
const revisionLock = sql`pg_advisory_xact_lock(${0x65646765})`;
const nextSeq = sql`nextval(pg_get_serial_sequence('edge_revisions', 'seq'))`;

/**
 * Marks what the edge serves of these domains as changed (their aggregate, a section, the
 * certificate in service), in the transaction of the change; `account` marks every domain of the
 * account (its IP bans serve on all of them).
 */
export async function touchEdge(
  tx: Executor,
  accountId: number,
  domainIds: readonly string[] | 'account',
): Promise<void> {
  const ids =
    domainIds === 'account'
      ? (await domainNames(tx, accountId)).map((row) => row.id)
      : [...new Set(domainIds)];
  if (ids.length === 0) return;
  await tx.execute(sql`select ${revisionLock}`);
  await tx
    .insert(edgeRevisions)
    .values(ids.map((domainId) => ({ domainId, accountId })))
    .onConflictDoUpdate({ target: edgeRevisions.domainId, set: { seq: nextSeq } });
}

const liveSince = (now: Date) => new Date(now.getTime() - nodeSilenceMs);

/** A node starting: it is listed (and answers the IP check) from now on. */
export async function registerNode(
  db: Executor,
  keyName: string,
  body: EdgeRegisterBody,
  now: Date,
): Promise<void> {
  const values = {
    address: body.address,
    version: body.version,
    httpPort: body.http_port,
    httpsPort: body.https_port,
    lastSeenAt: now,
  };
  await db
    .insert(edgeAgents)
    .values({ keyName, ...values, registeredAt: now })
    .onConflictDoUpdate({ target: edgeAgents.keyName, set: { ...values, registeredAt: now } });
}

/** The domains as the edge serves them, with their sections, certificates and bans. */
async function edgeDomains(
  db: Executor,
  vault: KeyVault,
  rows: Awaited<ReturnType<typeof edgeDomainRows>>,
  seqOf: (id: string) => number,
  now: Date,
): Promise<EdgeDomain[]> {
  const documents = await loadDocumentsOf(
    db,
    sectionKinds,
    rows.map((row) => row.id),
  );
  const sections = new Map(rows.map((row) => [row.id, sectionsFrom(row.id, documents.get(row.id))]));
  const certRefs = rows.flatMap((row) => {
    const certId = sections.get(row.id)?.domainHttps.certificate_id;
    return certId ? [{ accountId: row.accountId, id: certId }] : [];
  });
  const certs = new Map(
    (await certificatesForEdge(db, vault, certRefs)).map((cert) => [`${cert.accountId}:${cert.id}`, cert]),
  );
  const bans = await bansInForce(db, [...new Set(rows.map((row) => row.accountId))], now);
  return rows.map((row) => {
    const config = sections.get(row.id)!;
    const certId = config.domainHttps.certificate_id;
    const cert = certId ? certs.get(`${row.accountId}:${certId}`) : undefined;
    return {
      id: row.id,
      account_id: row.accountId,
      name: row.name,
      status: row.status,
      version: row.version,
      seq: seqOf(row.id),
      origins: row.origins,
      sections: config,
      certificate: cert
        ? { id: cert.id, serial: cert.serial, cert_pem: cert.certPem, key_pem: cert.keyPem }
        : null,
      bans: bans
        .filter((ban) => ban.accountId === row.accountId)
        .map((ban) => ({ range: ban.range, expires_at: ban.expiresAt?.toISOString() ?? null })),
    };
  });
}

/**
 * What a node asks for: every domain served (`since` 0) or the changes after `since`, and the jobs
 * waiting for it. Marks the node in contact.
 */
export async function edgeConfig(
  db: Executor,
  vault: KeyVault,
  keyName: string,
  since: number,
  now: Date,
): Promise<EdgeConfigResult> {
  await db.update(edgeAgents).set({ lastSeenAt: now }).where(eq(edgeAgents.keyName, keyName));
  const jobs = await db
    .select({ id: edgeJobs.id, kind: edgeJobs.kind, urls: edgeJobs.urls })
    .from(edgeJobs)
    .where(and(eq(edgeJobs.keyName, keyName), isNull(edgeJobs.doneAt)));
  if (since === 0) {
    // The newest change first: a change committed after it comes again in the next read.
    const [top] = await db.select({ seq: max(edgeRevisions.seq) }).from(edgeRevisions);
    const seq = Number(top?.seq ?? 0);
    const rows = await edgeDomainRows(db, null);
    const revisions = await db
      .select({ id: edgeRevisions.domainId, seq: edgeRevisions.seq })
      .from(edgeRevisions);
    const seqs = new Map(revisions.map((r) => [r.id, r.seq]));
    const domains = await edgeDomains(db, vault, rows, (id) => Math.min(seqs.get(id) ?? 0, seq), now);
    return { seq, full: true, domains, removed: [], jobs };
  }
  const changed = await db
    .select({ id: edgeRevisions.domainId, seq: edgeRevisions.seq })
    .from(edgeRevisions)
    .where(gt(edgeRevisions.seq, since))
    .orderBy(edgeRevisions.seq)
    .limit(2000);
  if (changed.length === 0) return { seq: since, full: false, domains: [], removed: [], jobs };
  const seq = changed[changed.length - 1]!.seq;
  const seqs = new Map(changed.map((r) => [r.id, r.seq]));
  const rows = await edgeDomainRows(
    db,
    changed.map((r) => r.id),
  );
  const serving = rows.filter((row) => row.status !== 'deleted');
  const servingIds = new Set(serving.map((row) => row.id));
  const domains = await edgeDomains(db, vault, serving, (id) => seqs.get(id) ?? seq, now);
  return {
    seq,
    full: false,
    domains,
    removed: changed.map((r) => r.id).filter((id) => !servingIds.has(id)),
    jobs,
  };
}

/** A node's report: what took effect, what nginx refused, and the jobs it carried out. */
export async function reportNode(
  db: Executor,
  keyName: string,
  body: EdgeReportBody,
  now: Date,
): Promise<void> {
  await db
    .update(edgeAgents)
    .set({ appliedSeq: body.applied_seq, lastSeenAt: now })
    .where(eq(edgeAgents.keyName, keyName));
  for (const report of body.domains) {
    if (report.versions === null) {
      await db
        .delete(edgeDomainStates)
        .where(and(eq(edgeDomainStates.keyName, keyName), eq(edgeDomainStates.domainId, report.domain_id)));
      continue;
    }
    const failed = { failedSeq: report.failure === null ? null : report.seq, reason: report.failure };
    await db
      .insert(edgeDomainStates)
      .values({
        keyName,
        domainId: report.domain_id,
        seq: report.seq,
        versions: report.versions,
        ...failed,
        at: now,
      })
      .onConflictDoUpdate({
        target: [edgeDomainStates.keyName, edgeDomainStates.domainId],
        set: { seq: report.seq, versions: report.versions, ...failed, at: now },
      });
  }
  for (const job of body.jobs) {
    await db
      .update(edgeJobs)
      .set({ results: job.results, doneAt: now })
      .where(and(eq(edgeJobs.id, job.id), eq(edgeJobs.keyName, keyName), isNull(edgeJobs.doneAt)));
  }
}

/** The nodes in contact. */
export const liveNodes = (db: Executor, now: Date) =>
  db
    .select()
    .from(edgeAgents)
    .where(gte(edgeAgents.lastSeenAt, liveSince(now)));

/** Every registered node, for the operator: in contact or not, with what it has applied. */
export async function listNodes(db: Executor, now: Date) {
  const [top] = await db.select({ seq: max(edgeRevisions.seq) }).from(edgeRevisions);
  const latest = Number(top?.seq ?? 0);
  const nodes = await db.select().from(edgeAgents).orderBy(edgeAgents.keyName);
  const failures = await db
    .select({ keyName: edgeDomainStates.keyName, count: sql<number>`count(*)::int` })
    .from(edgeDomainStates)
    .where(sql`${edgeDomainStates.failedSeq} is not null`)
    .groupBy(edgeDomainStates.keyName);
  const failed = new Map(failures.map((f) => [f.keyName, Number(f.count)]));
  return nodes.map((node) => ({
    name: node.keyName,
    address: node.address,
    version: node.version,
    http_port: node.httpPort,
    https_port: node.httpsPort,
    online: node.lastSeenAt >= liveSince(now),
    last_seen_at: node.lastSeenAt.toISOString(),
    applied_seq: node.appliedSeq,
    latest_seq: latest,
    failed_domains: failed.get(node.keyName) ?? 0,
  }));
}

/**
 * How a domain's configuration stands at the edge, for its page: per part (`domain` for its
 * origins and status, then each section), the version it is at and whether every node in contact
 * serves it ("effective"), some still take it ("deploying") or one refused it ("failed", with
 * nginx's reason). Without nodes, the console's own edge simulation stands in ("local").
 */
export async function domainDeployment(
  db: Executor,
  id: string,
  current: { domain: number } & Record<SectionKind, number>,
  now: Date,
): Promise<DomainDeployment> {
  const nodes = await liveNodes(db, now);
  const [revision] = await db
    .select({ seq: edgeRevisions.seq })
    .from(edgeRevisions)
    .where(eq(edgeRevisions.domainId, id));
  const seq = revision?.seq ?? 0;
  const states = await db
    .select()
    .from(edgeDomainStates)
    .where(
      and(
        eq(edgeDomainStates.domainId, id),
        inArray(edgeDomainStates.keyName, nodes.length > 0 ? nodes.map((node) => node.keyName) : ['']),
      ),
    );
  const stateOf = new Map(states.map((state) => [state.keyName, state]));
  const parts = ['domain', ...sectionKinds] as const;
  return {
    nodes: nodes.length,
    sections: parts.map((kind) => {
      const version = current[kind];
      if (nodes.length === 0) return { kind, version, state: 'local', effective_version: null, reason: null };
      let state: DeploymentState = 'effective';
      let reason: string | null = null;
      const serving = new Set<number | undefined>();
      for (const node of nodes) {
        const held = stateOf.get(node.keyName);
        const inEffect = held?.versions[kind] ?? (version === 0 && node.appliedSeq >= seq ? 0 : undefined);
        serving.add(inEffect);
        if (inEffect === version) continue;
        if (held?.failedSeq != null && held.failedSeq >= seq) {
          state = 'failed';
          reason = held.reason;
        } else if (state !== 'failed') state = 'deploying';
      }
      // The version every node serves, when they agree: the current one, or the one still serving
      // while a newer one deploys or was refused.
      const [only] = serving;
      const effective = serving.size === 1 && only !== undefined ? only : null;
      return { kind, version, state, effective_version: effective, reason };
    }),
  };
}

/** Jobs for every node in contact, one a node: their ids, or none when no node is in contact. */
export async function sendJobs(
  db: Executor,
  kind: 'url' | 'dir' | 'prefetch',
  urls: readonly string[],
  now: Date,
): Promise<{ id: string; nodes: string[] } | null> {
  const nodes = await liveNodes(db, now);
  if (nodes.length === 0) return null;
  const id = randomUUID();
  await db
    .insert(edgeJobs)
    .values(nodes.map((node) => ({ id, keyName: node.keyName, kind, urls: [...urls], createdAt: now })));
  return { id, nodes: nodes.map((node) => node.keyName) };
}

/** The answers of a job so far, by node (null: not answered yet). */
export async function jobAnswers(db: Executor, id: string) {
  const rows = await db
    .select({ keyName: edgeJobs.keyName, results: edgeJobs.results })
    .from(edgeJobs)
    .where(eq(edgeJobs.id, id));
  return rows;
}

/** Forgets jobs answered or abandoned before `before`. */
export async function purgeJobs(db: Executor, before: Date): Promise<void> {
  await db.delete(edgeJobs).where(sql`${edgeJobs.createdAt} < ${before}`);
}

/** The registered nodes at some addresses (the IP check's "edge node"), in contact or not. */
export async function nodesAt(db: Executor, addresses: readonly string[], now: Date) {
  if (addresses.length === 0) return [];
  const rows = await db
    .select({ address: edgeAgents.address, name: edgeAgents.keyName, lastSeenAt: edgeAgents.lastSeenAt })
    .from(edgeAgents)
    .where(inArray(edgeAgents.address, [...addresses]));
  return rows.map((row) => ({
    address: row.address,
    name: row.name,
    online: row.lastSeenAt >= liveSince(now),
  }));
}
