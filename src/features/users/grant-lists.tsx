import { useLingui } from '@lingui/react/macro';
import { GrantList } from '../../ui/grant-list';
import { useCertOptions, useDomainOptions } from './use-reads';

/** The domains of the account to tick: read only when the list is shown. */
export function DomainList(props: { ids: string[]; onChange(ids: string[]): void; disabled: boolean }) {
  const { t } = useLingui();
  const { read, options } = useDomainOptions();
  return (
    <GrantList
      {...props}
      read={read}
      options={options}
      searchLabel={t({ id: 'user.grant.searchDomains', message: 'Search domains' })}
      emptyLabel={t({ id: 'user.grant.noDomains', message: 'The account has no domains yet.' })}
      goneLabel={t({ id: 'user.grant.goneDomain', message: 'Deleted domain' })}
    />
  );
}

/** The certificates of the account to tick: read only when the list is shown. */
export function CertList(props: { ids: string[]; onChange(ids: string[]): void; disabled: boolean }) {
  const { t } = useLingui();
  const { read, options } = useCertOptions();
  return (
    <GrantList
      {...props}
      read={read}
      options={options}
      searchLabel={t({ id: 'user.grant.searchCerts', message: 'Search certificates' })}
      emptyLabel={t({ id: 'user.grant.noCerts', message: 'The account has no certificates yet.' })}
      goneLabel={t({ id: 'user.grant.goneCert', message: 'Deleted certificate' })}
    />
  );
}
