import { Alert, Button, Card, Heading, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { ph } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import {
  configSections,
  sectionKinds,
  type SectionContent,
  type SectionKind,
} from '../../../contract/domain-config';
import { sectionSetCommand } from '../commands';
import type { OutputOf } from '../../../contract/endpoints';
import { useSyncRuntime } from '../../../sync/react';
import { useCall, withReads } from '../../../sync/reads';
import { useReadAccounts } from '../../../ui/app-state';
import { ScreenSkeleton } from '../../../ui/screen-skeleton';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { formatDateTime } from '../../../ui/format';
import { ListTable } from '../../../ui/list-table';
import { OptionSelect } from '../../../ui/option-select';
import { notify } from '../../../ui/toaster';
import { useOnline } from '../../../ui/use-online';
import { sectionTitles } from './config-messages';
import { diffConfig } from './diff';
import { ChangesTable } from './changes-table';
import type { DomainConfig } from './use-domain-config';

type Versions = OutputOf<'sectionHistory'>['versions'];

/**
 * The history of a domain's configuration (spec §2 domain detail): each section's versions, who
 * made them and when, what each changed against the one before, and a revert to any of them
 * (queued as the section's set, naming the version it goes back to). Read through the read layer:
 * once read, a section's history shows offline with the time it was read.
 */
function HistoryBody({
  domain,
  readOnly,
  config,
}: {
  domain: { id: string; domain: string };
  readOnly: boolean;
  /** The domain's configuration on this device: a section's new version reads the history again. */
  config: DomainConfig | undefined;
}) {
  const { t, i18n } = useLingui();
  const online = useOnline();
  const runtime = useSyncRuntime();
  const [kind, setKind] = useState<SectionKind>('domainCache');
  // The history is read again when the section's version changes (a revert applied, say).
  const key = `${domain.id}:${kind}:${config?.sections[kind].version ?? 0}`;
  const [picked, setPicked] = useState<{ key: string; version: number } | null>(null);
  const [reverting, setReverting] = useState<number | null>(null);
  const read = useCall('sectionHistory', { id: domain.id, kind });
  // A new version of the section (a revert applied, an edit from elsewhere) reads it again.
  const sectionVersion = config?.sections[kind].version ?? 0;
  const { refetch } = read;
  const seenVersion = useRef(sectionVersion);
  useEffect(() => {
    if (seenVersion.current === sectionVersion) return;
    seenVersion.current = sectionVersion;
    refetch();
  }, [sectionVersion, refetch]);

  const versions: Versions | null = read.data?.versions ?? null;
  const failed = read.failed && versions === null && online;
  // Shown from what this device kept: offline, or the last read failed.
  const asOf = (read.failed || !online) && versions !== null && read.fetchedAt > 0 ? read.fetchedAt : null;
  const chosen = picked?.key === key ? picked.version : (versions?.[0]?.version ?? null);
  const setChosen = (version: number) => setPicked({ key, version });
  const index = versions?.findIndex((v) => v.version === chosen) ?? -1;
  const version = versions && index >= 0 ? versions[index] : undefined;
  const previous = versions && index >= 0 ? versions[index + 1] : undefined;
  const changes = version
    ? diffConfig(previous?.content ?? configSections[kind].defaults, version.content)
    : [];

  const revert = async (to: number) => {
    const target = versions?.find((v) => v.version === to);
    if (!runtime || !target) return;
    // The server's own version of the section: it checks it again when the revert arrives.
    const content = target.content as SectionContent<SectionKind>;
    await runtime.enqueue(
      sectionSetCommand(kind, { id: domain.id, content, reverted_from: to, shown_as: domain.domain }),
    );
    notify(
      'success',
      t({
        id: 'domainConfig.history.reverted',
        message: `Reverting to version ${to}: it applies in a moment.`,
      }),
    );
  };

  return (
    <Card.Root>
      <Card.Header>
        <HStack justify="space-between" wrap="wrap" gap="3">
          <Heading size="md">{t({ id: 'domainConfig.history.title', message: 'Change history' })}</Heading>
          <OptionSelect
            size="sm"
            maxW="16rem"
            label={t({ id: 'domainConfig.history.section', message: 'Section' })}
            value={kind}
            options={sectionKinds.map((k) => ({ value: k, label: i18n._(sectionTitles[k]) }))}
            onChange={setKind}
          />
        </HStack>
      </Card.Header>
      <Card.Body>
        {asOf !== null ? (
          <Text fontSize="sm" color="fg.muted" mb="3">
            {t({ id: 'domainConfig.history.asOf', message: 'Data as of' })}{' '}
            {formatDateTime(new Date(asOf).toISOString())}
          </Text>
        ) : null}
        {!online && versions === null ? (
          <Alert.Root status="info">
            <Alert.Indicator />
            <Alert.Title>
              {t({
                id: 'domainConfig.history.offline',
                message: 'The change history needs a connection. It shows when you are back online.',
              })}
            </Alert.Title>
          </Alert.Root>
        ) : failed ? (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Title>
              {t({ id: 'domainConfig.history.failed', message: 'The change history could not be loaded.' })}
            </Alert.Title>
          </Alert.Root>
        ) : !versions ? (
          <ScreenSkeleton
            title={false}
            rows={4}
            label={t({ id: 'domainConfig.history.loading', message: 'Loading the change history…' })}
          />
        ) : versions.length === 0 ? (
          <Text color="fg.muted">
            {t({
              id: 'domainConfig.history.empty',
              message: 'This section has its default settings: it has never been changed.',
            })}
          </Text>
        ) : (
          <Stack gap="4">
            <ListTable
              framed={false}
              label={t({ id: 'domainConfig.history.versions', message: 'Versions' })}
              columns={[
                { header: t({ id: 'domainConfig.history.version', message: 'Version' }) },
                { header: t({ id: 'domainConfig.history.at', message: 'Time' }) },
                { header: t({ id: 'domainConfig.history.actor', message: 'Operator' }) },
                { header: t({ id: 'domainConfig.table.operations', message: 'Actions' }) },
              ]}
            >
              {versions.map((v, i) => (
                <Table.Row
                  key={v.version}
                  aria-selected={v.version === chosen}
                  bg={v.version === chosen ? 'bg.muted' : undefined}
                >
                  <Table.Cell>{v.version}</Table.Cell>
                  <Table.Cell>{formatDateTime(v.at)}</Table.Cell>
                  <Table.Cell>{v.actor}</Table.Cell>
                  <Table.Cell>
                    <HStack gap="1">
                      <Button size="xs" variant="ghost" onClick={() => setChosen(v.version)}>
                        {t({ id: 'domainConfig.history.show', message: 'Show changes' })}
                      </Button>
                      {i > 0 ? (
                        <Button
                          size="xs"
                          variant="ghost"
                          colorPalette="orange"
                          disabled={readOnly}
                          onClick={() => setReverting(v.version)}
                        >
                          {t({ id: 'domainConfig.history.revert', message: 'Revert to this version' })}
                        </Button>
                      ) : null}
                    </HStack>
                  </Table.Cell>
                </Table.Row>
              ))}
            </ListTable>
            {version ? (
              <Stack gap="2">
                <Text fontWeight="semibold">
                  {previous
                    ? t({
                        id: 'domainConfig.history.diff',
                        message: `Version ${ph({ version: version.version })} against version ${ph({ previous: previous.version })}`,
                      })
                    : t({
                        id: 'domainConfig.history.diffFirst',
                        message: `Version ${ph({ version: version.version })} against the default settings`,
                      })}
                </Text>
                <ChangesTable changes={changes} />
              </Stack>
            ) : null}
          </Stack>
        )}
      </Card.Body>
      <ConfirmDialog
        open={reverting !== null}
        title={t({ id: 'domainConfig.history.revertTitle', message: 'Revert this section?' })}
        message={t({
          id: 'domainConfig.history.revertMessage',
          message: `The section's settings go back to version ${ph({ version: reverting ?? 0 })}; this makes a new version.`,
        })}
        confirmLabel={t({ id: 'domainConfig.history.revertConfirm', message: 'Revert' })}
        cancelLabel={t({ id: 'domainConfig.cancel', message: 'Cancel' })}
        onConfirm={() => {
          const to = reverting;
          setReverting(null);
          if (to !== null) void revert(to);
        }}
        onCancel={() => setReverting(null)}
      />
    </Card.Root>
  );
}

export const HistoryPanel = withReads(HistoryBody, useReadAccounts);
