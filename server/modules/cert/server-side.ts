import { aggregateLockName } from '../../commands/locks';
import type { LockSpec, ServerSides } from '../../aggregates/types';
import { loadDomain } from '../domain/service';
import { certificateFacts, certLockName } from './service';

/** The domain is read, shared: a deletion of it waits for the change and not the other way. */
const domainShared = (accountId: number, id: string): LockSpec => ({
  name: aggregateLockName(accountId, 'domain', id),
  shared: true,
});

const domainFacts = async (...[tx, accountId, id]: Parameters<typeof loadDomain>) => {
  const domain = await loadDomain(tx, accountId, id);
  return {
    domain: domain && { status: domain.row.status, special_config: domain.row.specialConfig },
    domainName: domain && domain.row.status !== 'deleted' ? domain.row.name : null,
  };
};

/**
 * The server side of the HTTPS association commands: the domain and the certificate are read
 * (shared), so neither is deleted while an association commits.
 */
export const certServerSides: ServerSides = {
  'domainHttps.associate': {
    locks: ({ accountId, payload }) => [
      domainShared(accountId, payload.id),
      { name: certLockName(accountId, payload.certificate_id), shared: true },
    ],
    async facts(tx, { accountId, payload }) {
      return {
        ...(await domainFacts(tx, accountId, payload.id)),
        cert: await certificateFacts(tx, accountId, payload.certificate_id),
      };
    },
  },
  'domainHttps.off': {
    locks: ({ accountId, payload }) => [domainShared(accountId, payload.id)],
    async facts(tx, { accountId, payload }) {
      const { domain } = await domainFacts(tx, accountId, payload.id);
      return { domain };
    },
  },
};
