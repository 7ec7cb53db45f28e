import { Badge, Button, Stack, Table, Text } from '@chakra-ui/react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { TokenEntry } from '../../contract/users';
import { formatDateTime } from '../../ui/format';
import { ListTable, type ListColumn } from '../../ui/list-table';
import { accessLabels } from './token-messages';
import { Folded } from './folded';

interface TokenTableProps {
  tokens: readonly TokenEntry[];
  /** The main account's id: its tokens are marked as such. */
  mainId: number | null;
  /** Domain id → name (the domain names read); a domain missing from it was deleted since. */
  domainNames: ReadonlyMap<string, string>;
  now: number;
  online: boolean;
  onDelete: (token: TokenEntry) => void;
}

/** The tokens of the account, oldest first, as the server lists them (spec §3 Token). */
export function TokenTable({ tokens, mainId, domainNames, now, online, onDelete }: TokenTableProps) {
  const { t, i18n } = useLingui();
  const columns: ListColumn[] = [
    { header: t({ id: 'token.col.user', message: 'User' }) },
    { header: t({ id: 'token.col.remark', message: 'Remark' }) },
    { header: t({ id: 'token.col.secret', message: 'Secret' }) },
    { header: t({ id: 'token.col.access', message: 'Access' }) },
    { header: t({ id: 'token.col.addresses', message: 'Allowed addresses' }) },
    { header: t({ id: 'token.col.domains', message: 'Domains' }) },
    { header: t({ id: 'token.col.created', message: 'Created' }), hideBelow: 'lg' },
    { header: t({ id: 'token.col.lastUsed', message: 'Last used' }) },
    { header: t({ id: 'token.col.expires', message: 'Expires' }) },
    { header: t({ id: 'token.col.actions', message: 'Actions' }) },
  ];
  return (
    <ListTable columns={columns}>
      {tokens.map((token) => {
        const expired = token.expires_at !== null && Date.parse(token.expires_at) <= now;
        const { user_name: userName, hint } = token;
        const addressCount = token.allowed_ips.length;
        const domainCount = token.domain_ids?.length ?? 0;
        return (
          <Table.Row key={token.id}>
            <Table.Cell fontWeight="medium" whiteSpace="nowrap">
              {token.user_name}
              {token.user_id === mainId ? (
                <Badge ms="2" size="sm" variant="outline">
                  {t({ id: 'token.user.main', message: 'Main account' })}
                </Badge>
              ) : null}
            </Table.Cell>
            <Table.Cell maxW="220px" truncate title={token.remark}>
              {token.remark || '--'}
            </Table.Cell>
            <Table.Cell fontFamily="mono" fontSize="xs" whiteSpace="nowrap">
              {token.hint}
            </Table.Cell>
            <Table.Cell whiteSpace="nowrap">
              <Badge colorPalette={token.access === 'write' ? 'orange' : 'gray'}>
                {i18n._(accessLabels[token.access])}
              </Badge>
            </Table.Cell>
            <Table.Cell>
              {token.allowed_ips.length === 0 ? (
                <Text color="fg.muted">{t({ id: 'token.addresses.any', message: 'Any address' })}</Text>
              ) : (
                <Folded
                  items={token.allowed_ips}
                  mono
                  summary={t({
                    id: 'token.addresses.count',
                    message: plural(addressCount, {
                      one: '# IP address or range',
                      other: '# IP addresses or ranges',
                    }),
                  })}
                />
              )}
            </Table.Cell>
            <Table.Cell>
              {token.domain_ids === null ? (
                <Text>{t({ id: 'token.domains.all', message: 'All domains' })}</Text>
              ) : (
                <Folded
                  items={token.domain_ids.map(
                    (id) => domainNames.get(id) ?? t({ id: 'token.domains.gone', message: 'Deleted domain' }),
                  )}
                  summary={t({
                    id: 'token.domains.count',
                    message: plural(domainCount, { one: '# domain', other: '# domains' }),
                  })}
                />
              )}
            </Table.Cell>
            <Table.Cell hideBelow="lg" whiteSpace="nowrap">
              {formatDateTime(token.created_at)}
            </Table.Cell>
            <Table.Cell whiteSpace="nowrap">
              {token.last_used_at === null ? (
                <Text color="fg.muted">{t({ id: 'token.lastUsed.never', message: 'Never used' })}</Text>
              ) : (
                formatDateTime(token.last_used_at)
              )}
            </Table.Cell>
            <Table.Cell whiteSpace="nowrap">
              {token.expires_at === null ? (
                t({ id: 'token.expires.never', message: 'Never' })
              ) : expired ? (
                <Stack gap="0.5" align="flex-start">
                  <Badge colorPalette="red">{t({ id: 'token.expires.expired', message: 'Expired' })}</Badge>
                  <Text fontSize="xs" color="fg.muted">
                    {formatDateTime(token.expires_at)}
                  </Text>
                </Stack>
              ) : (
                formatDateTime(token.expires_at)
              )}
            </Table.Cell>
            <Table.Cell whiteSpace="nowrap">
              <Button
                size="xs"
                variant="outline"
                colorPalette="red"
                disabled={!online}
                aria-label={t({
                  id: 'token.action.deleteOf',
                  message: `Delete the token of ${userName} (${hint})`,
                })}
                onClick={() => onDelete(token)}
              >
                {t({ id: 'token.action.delete', message: 'Delete' })}
              </Button>
            </Table.Cell>
          </Table.Row>
        );
      })}
    </ListTable>
  );
}
