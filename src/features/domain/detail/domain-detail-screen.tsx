import { Alert, Badge, Box, Button, Card, Grid, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { ph } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { blockedBySpecialConfig, canApply } from '../../../contract/rules/domain';
import { pendingState } from '../../../store';
import { usePull } from '../../../sync/pull';
import { useSyncAvailability, useSyncRuntime } from '../../../sync/react';
import { dictLabel, useAppState } from '../../../ui/app-state';
import { ScreenSkeleton } from '../../../ui/screen-skeleton';
import { formatDateTime } from '../../../ui/format';
import { useOnline } from '../../../ui/use-online';
import { CnameCopy } from '../cname-copy';
import { actionLabels, specialConfigMessage } from '../domain-messages';
import { useLifecycle } from '../lifecycle/use-lifecycle';
import { pullDomains } from '../pull';
import { useDomainData } from '../use-domains';
import { PendingBadge } from './pending-badge';
import { ConfigTabs } from '../config/config-tabs';
import type { DomainDetailTab } from '../search';
import { OriginsTable } from './origins-table';
import { StatusBadge } from './status-badge';
import { LabelledValue } from '../../../ui/labelled-value';

/**
 * /cdn/domain/detail?id=…&section=…: a domain's basic information, origins and configuration in
 * tabs with its lifecycle actions, from the store (so it reads offline too), pending edits folded
 * in and marked.
 */
export function DomainDetailScreen({
  id,
  tab = 'basic',
  onTab = () => undefined,
}: {
  id: string;
  /** The tab shown (the address's `section`). */
  tab?: DomainDetailTab;
  onTab?(tab: DomainDetailTab): void;
}) {
  const { t, i18n } = useLingui();
  const runtime = useSyncRuntime();
  const availability = useSyncAvailability();
  const online = useOnline();
  const { state: pullState } = usePull(runtime, online, pullDomains);
  const data = useDomainData();
  const lifecycle = useLifecycle();
  const { dict } = useAppState();

  if (availability === 'unavailable')
    return (
      <Alert.Root status="warning">
        <Alert.Indicator />
        <Alert.Title>
          {t({
            id: 'domain.detail.noStorage',
            message: 'This browser cannot keep data for the console, so domains cannot be shown here.',
          })}
        </Alert.Title>
      </Alert.Root>
    );
  const loading = (
    <ScreenSkeleton label={t({ id: 'domain.detail.loading', message: 'Loading the domain…' })} />
  );
  if (!data) return loading;
  const item = data.projected.get(id);
  const entry = item?.state;
  const listLink = (
    <Link href="#/cdn/domain/list" colorPalette="blue">
      {t({ id: 'domain.detail.backToList', message: 'Back to the domain list' })}
    </Link>
  );

  if (!entry || entry.status === 'deleted') {
    if (!entry && (pullState === 'pulling' || pullState === 'idle') && online) return loading;
    return (
      <Card.Root>
        <Card.Body>
          <Stack gap="3" align="start">
            <Heading size="md">
              {entry
                ? t({ id: 'domain.detail.deleted', message: 'This domain has been deleted' })
                : t({ id: 'domain.detail.notFound', message: 'Domain not found' })}
            </Heading>
            <Text color="fg.muted">
              {entry
                ? entry.domain
                : t({
                    id: 'domain.detail.notFoundBody',
                    message: 'It may have been deleted, or it belongs to another account.',
                  })}
            </Text>
            {listLink}
          </Stack>
        </Card.Body>
      </Card.Root>
    );
  }

  const pending = item ? pendingState(item.pending) : null;
  const special = entry.special_config;
  const actionButton = (action: 'hangUp' | 'recover' | 'rename' | 'delete') => {
    const blocked = special && blockedBySpecialConfig.has(action);
    if (!canApply(action, entry.status)) return null;
    return (
      <Button
        key={action}
        size="sm"
        variant={action === 'delete' ? 'outline' : 'subtle'}
        colorPalette={action === 'delete' ? 'red' : undefined}
        disabled={blocked}
        title={blocked ? i18n._(specialConfigMessage) : undefined}
        onClick={() => lifecycle.start(action, entry)}
      >
        {i18n._(actionLabels[action])}
      </Button>
    );
  };
  const copyBlocked = special || !canApply('copy', entry.status) || item?.version === 0;

  return (
    <Stack gap="4">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <HStack gap="3" wrap="wrap">
          <Heading as="h1" size="lg" wordBreak="break-all">
            {entry.domain}
          </Heading>
          <StatusBadge entry={entry} />
          {pending ? <PendingBadge state={pending} /> : null}
          {special ? (
            <Badge colorPalette="purple">
              {t({ id: 'domain.detail.special', message: 'Special configuration' })}
            </Badge>
          ) : null}
        </HStack>
        <HStack gap="2" wrap="wrap">
          {actionButton('hangUp')}
          {actionButton('recover')}
          {actionButton('rename')}
          <Button
            size="sm"
            variant="subtle"
            disabled={copyBlocked}
            title={special ? i18n._(specialConfigMessage) : undefined}
            onClick={() => {
              window.location.hash = `#/cdn/domain/copy/${entry.id}`;
            }}
          >
            {i18n._(actionLabels.copy)}
          </Button>
          {actionButton('delete')}
        </HStack>
      </HStack>
      {special ? (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Title>{i18n._(specialConfigMessage)}</Alert.Title>
        </Alert.Root>
      ) : null}
      {(!online || pullState === 'failed') && data.read ? (
        <Text fontSize="sm" color="fg.muted">
          {t({ id: 'domain.detail.asOf', message: 'Data as of' })} {formatDateTime(data.read.fetchedAt)}
        </Text>
      ) : null}

      <ConfigTabs
        entry={entry}
        tab={tab}
        onTab={onTab}
        originsTable={<OriginsTable origins={entry.origins} i18n={i18n} />}
        basic={
          <Card.Root>
            <Card.Header>
              <Heading size="md">{t({ id: 'domain.detail.basic', message: 'Basic information' })}</Heading>
            </Card.Header>
            <Card.Body>
              <Grid templateColumns={{ base: '1fr', md: 'repeat(2, minmax(0, 1fr))' }} gap="4">
                <LabelledValue label={t({ id: 'domain.field.status', message: 'Status' })}>
                  <StatusBadge entry={entry} />
                </LabelledValue>
                <LabelledValue label="CNAME">
                  <CnameCopy cname={entry.cname} />
                </LabelledValue>
                <LabelledValue label={t({ id: 'domain.field.serviceType', message: 'Service type' })}>
                  {dictLabel(dict, 'service_type', entry.service_type)}
                </LabelledValue>
                <LabelledValue label={t({ id: 'domain.field.area', message: 'Acceleration area' })}>
                  {dictLabel(dict, 'area', entry.area)}
                </LabelledValue>
                <LabelledValue label={t({ id: 'domain.field.businessType', message: 'Business type' })}>
                  {dictLabel(dict, 'business_type', entry.business_type)}
                </LabelledValue>
                <LabelledValue label={t({ id: 'domain.field.group', message: 'Group' })}>
                  {data.groups.find((g) => g.id === entry.group_id)?.name ??
                    t({ id: 'domain.group.none', message: 'No group' })}
                </LabelledValue>
                <LabelledValue label={t({ id: 'domain.field.createdAt', message: 'Created' })}>
                  {formatDateTime(entry.created_at)}
                </LabelledValue>
                <LabelledValue label={t({ id: 'domain.field.updatedAt', message: 'Last modified' })}>
                  {formatDateTime(entry.updated_at)}
                  {entry.updated_by ? ` · ${entry.updated_by}` : ''}
                </LabelledValue>
              </Grid>
              {entry.cname !== '' ? (
                <Text mt="4" fontSize="sm" color="fg.muted">
                  {t({
                    id: 'domain.detail.dnsHint',
                    message: `To accelerate ${ph({ domain: entry.domain })}, add a CNAME record for it pointing at ${ph({ cname: entry.cname })} at your DNS provider.`,
                  })}
                </Text>
              ) : null}
            </Card.Body>
          </Card.Root>
        }
      />
      <Box>{listLink}</Box>
      {lifecycle.dialog}
    </Stack>
  );
}
