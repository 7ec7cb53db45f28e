import { useNow } from '../../ui/use-now';
import { useOnline } from '../../ui/use-online';
import { useSyncRuntime } from '../../sync/react';
import { AssociateDialog } from './associate-dialog';
import { useCertList, useCertPull } from './use-cert-list';

/**
 * The association opened from a domain's HTTPS section: the domain is chosen, the certificate is
 * chosen among the stored list (brought up to date while online).
 */
export function DomainAssociation({ domainId, onClose }: { domainId: string; onClose: () => void }) {
  const runtime = useSyncRuntime();
  const online = useOnline();
  useCertPull(runtime, online);
  const list = useCertList(useNow(60_000));
  if (!list) return null;
  return <AssociateDialog certs={list.rows} domainIds={[domainId]} onClose={onClose} />;
}

/** The certificates, for a domain's HTTPS section to name the one in service. */
export { useCertList } from './use-cert-list';
