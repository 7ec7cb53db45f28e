import { useEffect, useMemo, useRef } from 'react';
import { api } from '../../api';
import type { CertEntry } from '../../contract/cert';
import type { ReadRow, Store } from '../../store';
import { usePull } from '../../sync/pull';
import { useLiveQuery } from '../../sync/react';
import type { SyncRuntime } from '../../sync/runtime';
import { toCertRows, type CertRow } from './rows';

/** The snapshots' kind and the key of their last read in the store. */
export const certKind = 'certificate';
export const certReadKey = 'certificate';

/**
 * Reads every certificate of the account into the store (the list is at most 2,000 and read whole),
 * so the list stays reviewable offline. Certificates change only online (upload, delete), and
 * their associations with the domains' HTTPS sections.
 */
export async function pullCerts(store: Store): Promise<void> {
  const fetchedAt = Date.now();
  const { lists } = await api.call('certList', {}, { quiet: true });
  await store.putSnapshots(
    certKind,
    lists.map((cert) => ({ id: cert.id, version: 1, data: cert })),
    { key: certReadKey, fetchedAt, replace: true },
  );
}

/** Keeps the stored certificate list fresh while a screen that shows it is open. */
export const useCertPull = (runtime: SyncRuntime | null, online: boolean) =>
  usePull(runtime, online, pullCerts);

export interface CertList {
  rows: CertRow[];
  read: ReadRow | undefined;
}

/** The stored certificate list at `now`, newest first; undefined until the store answers. */
export function useCertList(now: number): CertList | undefined {
  const stored = useLiveQuery(async ({ store }) => {
    const snapshots = await store.snapshotsOf(certKind);
    return { snapshots, read: await store.lastRead(certReadKey) };
  }, []);
  return useMemo(() => {
    if (!stored) return undefined;
    const entries = stored.snapshots
      .map((row) => row.data as CertEntry)
      .sort((a, b) => b.created_at.localeCompare(a.created_at) || a.id.localeCompare(b.id));
    return { rows: toCertRows(entries, now), read: stored.read };
  }, [stored, now]);
}

/**
 * Reads the list again when associations made here have been sent: a certificate's domains and
 * state are the server's to derive from the domains' HTTPS sections.
 */
export function useRepullAfterAssociations(pull: () => void) {
  const waiting = useLiveQuery(
    async ({ store }) =>
      (await store.pending()).filter((entry) => entry.name.startsWith('domainHttps.')).length,
    [],
  );
  const seen = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (waiting === undefined) return;
    if (seen.current !== undefined && waiting < seen.current) pull();
    seen.current = waiting;
  }, [waiting, pull]);
}
