import { Badge, Button, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { ph, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { memo } from 'react';
import { certTags, certTypeOf, type CertStatus } from '../../contract/rules/cert';
import { formatDateTime } from '../../ui/format';
import type { CertOpen } from './cert-open';
import { statusLabels, tagLabels, typeLabels } from './cert-messages';
import type { CertRow } from './rows';

const statusColors: Record<CertStatus, string> = {
  expired: 'red',
  pendingAudit: 'orange',
  notAssociated: 'gray',
  inService: 'green',
  domainSuspended: 'yellow',
};

/** One certificate; the same row renders again only when it changes (the list filters as the user types). */
export const CertTableRow = memo(function CertTableRow({
  row,
  now,
  onOpen,
}: {
  row: CertRow;
  now: number;
  onOpen: (open: CertOpen) => void;
}) {
  const { t, i18n } = useLingui();
  const tags = certTags(
    { notBefore: new Date(row.not_before), notAfter: row.notAfter, chainVerified: row.chain_verified },
    new Date(now),
  );
  const days = row.daysLeft;
  const shown = row.domains.slice(0, 2).map((d) => d.domain);
  const more = row.domains.length - shown.length;
  const expired = row.status === 'expired';
  const domainCount = row.domains.length;
  const firstDomain = row.domains[0]?.domain ?? '';
  return (
    <Table.Row>
      <Table.Cell minW="180px" maxW="280px">
        <Stack gap="0">
          <Text fontWeight="medium" truncate title={row.name}>
            {row.name}
          </Text>
          <Text fontSize="xs" color="fg.muted" truncate title={row.names.join(', ')}>
            {row.names.join(', ')}
          </Text>
          <Text fontSize="xs" color="fg.muted">
            {/* The type from the names, so that a list kept by an earlier version reads it too. */}
            {[i18n._(typeLabels[certTypeOf(row)]), row.level || null, `${row.algorithm} ${row.key_size}`]
              .filter(Boolean)
              .join(' · ')}
          </Text>
          {/* Narrow screens show the domains here, their own column hidden. */}
          <Text fontSize="xs" color="fg.muted" hideFrom="xl" truncate>
            {row.domains.length === 0
              ? null
              : t({
                  id: 'cert.list.domainsShort',
                  message: plural(domainCount, {
                    one: `# domain: ${ph({ first: firstDomain })}`,
                    other: `# domains: ${ph({ first: firstDomain })}…`,
                  }),
                })}
          </Text>
        </Stack>
      </Table.Cell>
      <Table.Cell whiteSpace="nowrap">
        <Stack gap="0">
          <Text>{formatDateTime(row.not_after)}</Text>
          {expired ? null : (
            <Text
              fontSize="xs"
              color={row.expiringSoon ? 'fg.error' : 'fg.muted'}
              fontWeight={row.expiringSoon ? 'semibold' : undefined}
            >
              {row.expiringSoon
                ? t({
                    id: 'cert.expiringSoon',
                    message: plural(days, {
                      one: 'Expiring soon: # day left',
                      other: 'Expiring soon: # days left',
                    }),
                  })
                : t({
                    id: 'cert.daysLeft',
                    message: plural(days, { one: '# day left', other: '# days left' }),
                  })}
            </Text>
          )}
        </Stack>
      </Table.Cell>
      <Table.Cell whiteSpace="nowrap">
        <Stack gap="1" align="flex-start">
          <Badge colorPalette={statusColors[row.status]}>{i18n._(statusLabels[row.status])}</Badge>
          {tags.length > 0 ? (
            <Text fontSize="xs" color="fg.muted">
              {tags.map((tag) => i18n._(tagLabels[tag])).join(' · ')}
            </Text>
          ) : null}
        </Stack>
      </Table.Cell>
      <Table.Cell maxW="220px" hideBelow="xl">
        {row.domains.length === 0 ? (
          <Text color="fg.muted">—</Text>
        ) : (
          <HStack gap="1" title={row.domains.map((d) => d.domain).join(', ')}>
            <Text truncate>{shown.join(', ')}</Text>
            {more > 0 ? <Text flexShrink={0} color="fg.muted">{`+${i18n.number(more)}`}</Text> : null}
          </HStack>
        )}
      </Table.Cell>
      <Table.Cell whiteSpace="nowrap">
        <HStack gap="1">
          <Button size="xs" variant="outline" onClick={() => onOpen({ kind: 'detail', id: row.id })}>
            {t({ id: 'cert.action.detail', message: 'Details' })}
          </Button>
          <Button
            size="xs"
            variant="outline"
            disabled={expired}
            onClick={() => onOpen({ kind: 'associate', certId: row.id })}
          >
            {t({ id: 'cert.action.associate', message: 'Associate domains' })}
          </Button>
        </HStack>
      </Table.Cell>
    </Table.Row>
  );
});
