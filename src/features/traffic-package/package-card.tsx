import { Alert, Card, Heading, Link, SimpleGrid, Stack, Stat, Text } from '@chakra-ui/react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useCall, withReads } from '../../sync/reads';
import { useReadAccounts } from '../../ui/app-state';
import { BlockSkeleton } from '../../ui/screen-skeleton';
import { useNow } from '../../ui/use-now';
import { flowText } from './flow';
import { usePackageFigures } from './use-package-figures';

/**
 * The overview's traffic packages (spec §2: flow packages available or expiring): packages in
 * effect, the flow they have left, and those expiring within 5 days.
 */
function PackageCardBody() {
  const { t, i18n } = useLingui();
  const read = useCall('trafficPackageList', undefined);
  const now = useNow(60_000);
  const lists = read.data?.lists ?? [];
  const { expiring, figures } = usePackageFigures(lists);
  const unread = read.data === undefined;
  return (
    <Card.Root as="section" aria-labelledby="dashboard-packages">
      <Card.Header>
        <Heading as="h2" size="md" id="dashboard-packages">
          <Link href="#/cdn/traffic-package" color="inherit">
            {t({ id: 'package.screen.title', message: 'Traffic packages' })}
          </Link>
        </Heading>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">
          <SimpleGrid columns={3} gap="4">
            {figures.map((f) => (
              <Stat.Root key={f.key}>
                <Stat.Label>{f.label}</Stat.Label>
                <Stat.ValueText color={f.color} fontSize="xl">
                  {unread ? '—' : f.value}
                </Stat.ValueText>
              </Stat.Root>
            ))}
          </SimpleGrid>
          {unread && read.failed ? (
            <Text color="fg.muted" fontSize="sm" role="status">
              {t({ id: 'package.list.failed', message: 'The traffic packages could not be loaded.' })}
            </Text>
          ) : unread ? (
            // Not read yet: the shape of a line, the sentence for screen readers only.
            <BlockSkeleton
              rows={1}
              label={t({ id: 'package.list.loading', message: 'Loading the traffic packages…' })}
            />
          ) : read.data?.billing_mode === 'bandwidth' && lists.length > 0 ? (
            <Text color="fg.muted" fontSize="sm">
              {t({
                id: 'package.dashboard.bandwidth',
                message: 'Billed by bandwidth: traffic packages are not used.',
              })}
            </Text>
          ) : lists.length === 0 ? (
            <Text color="fg.muted" fontSize="sm">
              {t({ id: 'package.dashboard.none', message: 'No traffic packages.' })}
            </Text>
          ) : null}
          {expiring.slice(0, 3).map((p) => {
            const left = Math.max(0, Math.ceil((Date.parse(p.expires_at) - now) / 86_400_000));
            const rest = flowText(p.total_bytes - p.used_bytes, i18n.locale);
            return (
              <Alert.Root key={p.id} status="warning" size="sm">
                <Alert.Indicator />
                <Alert.Title>
                  {t({
                    id: 'package.dashboard.notice',
                    message: plural(left, {
                      one: `${rest} left in a package expiring in # day`,
                      other: `${rest} left in a package expiring in # days`,
                    }),
                  })}
                </Alert.Title>
              </Alert.Root>
            );
          })}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

export const PackageCard = withReads(PackageCardBody, useReadAccounts);
