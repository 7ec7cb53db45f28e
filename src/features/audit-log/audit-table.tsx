import { Badge, Box, Stack, Table, Text } from '@chakra-ui/react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Fragment, useState } from 'react';
import type { AuditEntry } from '../../contract/users';
import { formatDateTime } from '../../ui/format';
import { ExpandButton } from '../../ui/expand-button';
import { ChangeList } from './change-list';
import { actionLabel, columnLabels, sourceLabels, type AuditSource } from './labels';

const sourceColors: Record<AuditSource, string> = {
  browser: 'blue',
  replay: 'purple',
  api: 'teal',
  operator: 'gray',
};

export interface AuditTableProps {
  entries: readonly AuditEntry[];
  /** Domains by id: an entry on a domain names it. */
  domainNames: ReadonlyMap<string, string>;
}

/**
 * The entries of a page: when, who (and in which account, when another than the actor's own),
 * from where, what on which object, from which address; a row opens to what changed.
 */
export function AuditTable({ entries, domainNames }: AuditTableProps) {
  const { t, i18n } = useLingui();
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number) =>
    setOpen((was) => {
      const next = new Set(was);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  return (
    <Box overflowX="auto" borderWidth="1px" borderRadius="md">
      <Table.Root size="sm">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader width="1">
              <Text srOnly>{i18n._(columnLabels.changes)}</Text>
            </Table.ColumnHeader>
            <Table.ColumnHeader>{i18n._(columnLabels.time)}</Table.ColumnHeader>
            <Table.ColumnHeader>{i18n._(columnLabels.actor)}</Table.ColumnHeader>
            <Table.ColumnHeader>{i18n._(columnLabels.source)}</Table.ColumnHeader>
            <Table.ColumnHeader>{i18n._(columnLabels.action)}</Table.ColumnHeader>
            <Table.ColumnHeader>{i18n._(columnLabels.object)}</Table.ColumnHeader>
            <Table.ColumnHeader hideBelow="md">{i18n._(columnLabels.address)}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {entries.map((entry) => {
            const expanded = open.has(entry.id);
            const action = actionLabel(i18n, entry.action);
            const domain = domainNames.get(entry.target);
            const detailId = `audit-changes-${entry.id}`;
            const count = entry.changes.length;
            const accountLogin = entry.account.login;
            return (
              <Fragment key={entry.id}>
                <Table.Row>
                  <Table.Cell>
                    <ExpandButton
                      expanded={expanded}
                      controls={detailId}
                      label={
                        expanded
                          ? t({ id: 'auditLog.row.collapse', message: `Hide the changes of “${action}”` })
                          : t({ id: 'auditLog.row.expand', message: `Show the changes of “${action}”` })
                      }
                      onClick={() => toggle(entry.id)}
                    />
                  </Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{formatDateTime(entry.at)}</Table.Cell>
                  <Table.Cell>
                    <Stack gap="0">
                      <Text>{entry.actor.login}</Text>
                      {entry.account.id !== entry.actor.id ? (
                        <Text fontSize="xs" color="fg.muted">
                          {t({ id: 'auditLog.row.inAccount', message: `in ${accountLogin}` })}
                        </Text>
                      ) : null}
                    </Stack>
                  </Table.Cell>
                  <Table.Cell>
                    <Badge colorPalette={sourceColors[entry.source]}>
                      {i18n._(sourceLabels[entry.source])}
                    </Badge>
                  </Table.Cell>
                  <Table.Cell>
                    <Text title={entry.action}>{action}</Text>
                  </Table.Cell>
                  <Table.Cell maxW="320px">
                    <Text truncate title={entry.target}>
                      {domain ?? (entry.target || '--')}
                    </Text>
                  </Table.Cell>
                  <Table.Cell hideBelow="md" whiteSpace="nowrap">
                    {entry.ip || '--'}
                  </Table.Cell>
                </Table.Row>
                {expanded ? (
                  <Table.Row id={detailId} bg="bg.subtle">
                    <Table.Cell colSpan={7} py="3">
                      <Stack gap="2">
                        {count > 0 ? (
                          <Text fontSize="sm" fontWeight="medium">
                            {t({
                              id: 'auditLog.row.changesTitle',
                              message: plural(count, { one: '# field changed', other: '# fields changed' }),
                            })}
                          </Text>
                        ) : null}
                        <ChangeList entry={entry} />
                      </Stack>
                    </Table.Cell>
                  </Table.Row>
                ) : null}
              </Fragment>
            );
          })}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
