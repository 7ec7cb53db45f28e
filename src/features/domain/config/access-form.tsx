import { Stack } from '@chakra-ui/react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { SectionFormProps } from './section-card';
import { type AccessContent, AccessList } from './access-list';

/** What each list holds, said under its entries. */
const accessHints: Record<keyof AccessContent, MessageDescriptor> = {
  ip: msg({ id: 'domainConfig.ip.hint', message: 'One IPv4 address or CIDR range per line, at most 500.' }),
  ua: msg({ id: 'domainConfig.ua.hint', message: 'One User-Agent per line, at most 100; case is ignored.' }),
  referer: msg({
    id: 'domainConfig.referer.hint',
    message: 'One domain per line without http://, at most 100; *.example.com matches its subdomains.',
  }),
};

export function AccessForm(props: SectionFormProps<'domainAccess'>) {
  const { i18n } = useLingui();
  return (
    <Stack gap="3">
      {(['ip', 'ua', 'referer'] as const).map((list) => (
        <AccessList key={list} {...props} list={list} hint={i18n._(accessHints[list])} />
      ))}
    </Stack>
  );
}
