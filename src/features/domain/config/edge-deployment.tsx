import { Card, Heading, HStack, Table, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { DomainDeployment } from '../../../contract/edge';
import { sectionKinds, type SectionKind } from '../../../contract/domain-config';
import { useReadAccounts } from '../../../ui/app-state';
import { formatDateTime } from '../../../ui/format';
import { ListTable } from '../../../ui/list-table';
import { useCall, withReads } from '../../../sync/reads';
import { sectionTitles } from './config-messages';
import { useDomainConfig } from './use-domain-config';
import { StateBadge } from './state-badge';
import { StillServing, Reason } from './deployment-notes';

/** Asked again this often while a part is still being deployed, and otherwise. */
const deployingPollMs = 2000;
const settledPollMs = 15_000;

function DeploymentBody({ id }: { id: string }) {
  const { t, i18n } = useLingui();
  const config = useDomainConfig(id);
  // An answer from before an edit the page saw acknowledged (a section's version behind the
  // store's) is read again soon, like one still deploying, not at the next settled poll.
  const behind = (answer: DomainDeployment) =>
    config !== undefined &&
    answer.sections.some(
      (part) =>
        sectionKinds.includes(part.kind as SectionKind) &&
        part.version < config.sections[part.kind as SectionKind].version,
    );
  const read = useCall(
    'domainDeployment',
    { id },
    {
      refetchInterval: (answer) =>
        answer && !behind(answer) && answer.sections.every((part) => part.state !== 'deploying')
          ? settledPollMs
          : deployingPollMs,
    },
  );
  const data = read.data;
  const count = data?.nodes ?? 0;
  const partName = (kind: string) =>
    kind === 'domain'
      ? t({ id: 'domainConfig.deploy.domainPart', message: 'Origins and status' })
      : sectionKinds.includes(kind as SectionKind)
        ? i18n._(sectionTitles[kind as SectionKind])
        : kind;

  return (
    <Card.Root>
      <Card.Header>
        <HStack justify="space-between" wrap="wrap">
          <Heading size="md">{t({ id: 'domainConfig.deploy.title', message: 'Edge deployment' })}</Heading>
          {data ? (
            <Text fontSize="sm" color="fg.muted">
              {t({ id: 'domainConfig.deploy.nodes', message: `Edge nodes in contact: ${count}` })}
              {read.fetchedAt > 0 ? ` · ${formatDateTime(new Date(read.fetchedAt).toISOString())}` : ''}
            </Text>
          ) : null}
        </HStack>
      </Card.Header>
      <Card.Body>
        {!data ? (
          <Text color="fg.muted">
            {read.failed
              ? t({
                  id: 'domainConfig.deploy.unavailable',
                  message: 'The deployment state cannot be read now (offline or the server is unreachable).',
                })
              : t({ id: 'domainConfig.deploy.reading', message: 'Reading the deployment state…' })}
          </Text>
        ) : (
          <>
            {data.nodes === 0 ? (
              <Text fontSize="sm" color="fg.muted" mb="3">
                {t({
                  id: 'domainConfig.deploy.noNodes',
                  message:
                    'No edge node is registered: the configuration is kept, and refresh and prefetch are simulated by the console.',
                })}
              </Text>
            ) : null}
            <ListTable
              framed={false}
              columns={[
                { header: t({ id: 'domainConfig.deploy.col.part', message: 'Configuration' }) },
                {
                  header: t({ id: 'domainConfig.deploy.col.version', message: 'Version' }),
                  whiteSpace: 'nowrap',
                },
                { header: t({ id: 'domainConfig.deploy.col.state', message: 'At the edge' }) },
              ]}
            >
              {data.sections.map((part) => (
                <Table.Row key={part.kind}>
                  <Table.Cell>{partName(part.kind)}</Table.Cell>
                  <Table.Cell>{part.version}</Table.Cell>
                  <Table.Cell>
                    <StateBadge part={part} />
                    {part.state === 'failed' && part.reason ? <Reason reason={part.reason} /> : null}
                    {part.state !== 'effective' && part.effective_version !== null ? (
                      <StillServing version={part.effective_version} />
                    ) : null}
                  </Table.Cell>
                </Table.Row>
              ))}
            </ListTable>
          </>
        )}
      </Card.Body>
    </Card.Root>
  );
}

/**
 * How the domain's configuration stands on the edge nodes, part by part: being deployed, in effect
 * since a version, or refused by the edge with its reason. Online only: it is the nodes' state now.
 */
export const EdgeDeployment = withReads(DeploymentBody, useReadAccounts);
