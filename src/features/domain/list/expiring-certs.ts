import { createContext, useContext, useMemo } from 'react';
import type { CertEntry } from '../../../contract/cert';
import { expiringSoon } from '../../../contract/rules/cert';
import { useLiveQuery } from '../../../sync/react';

/** How a domain's certificate stands, when it needs attention: expired, or expiring soon (spec §9, under 5 days). */
export type CertAlert = 'expired' | 'soon';

/** The domains whose certificate needs attention, by domain id: from the certificate list stored on this device. */
export function useCertAlerts(now: number): ReadonlyMap<string, CertAlert> {
  const certs = useLiveQuery(({ store }) => store.snapshotsOf('certificate'), []);
  return useMemo(() => {
    const alerts = new Map<string, CertAlert>();
    const at = new Date(now);
    for (const row of certs ?? []) {
      const cert = row.data as CertEntry;
      const end = new Date(cert.not_after);
      const alert = end.getTime() <= now ? 'expired' : expiringSoon(end, at) ? 'soon' : null;
      if (alert) for (const domain of cert.domains) alerts.set(domain.id, alert);
    }
    return alerts;
  }, [certs, now]);
}

export const CertAlerts = createContext<ReadonlyMap<string, CertAlert>>(new Map());
export const useCertAlert = (domainId: string) => useContext(CertAlerts).get(domainId);
