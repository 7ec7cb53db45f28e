import { Alert, Card, Heading, Link, SimpleGrid, Stack, Stat, Text } from '@chakra-ui/react';
import { ph, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { useSyncRuntime } from '../../sync/react';
import { useNow } from '../../ui/use-now';
import { useOnline } from '../../ui/use-online';
import { expiryLabels } from './cert-messages';
import { expiryBuckets, type CertRow } from './rows';
import { useCertList, useCertPull } from './use-cert-list';
import { BlockSkeleton } from '../../ui/screen-skeleton';

/** spec §9 notices: 30, 14 and 7 days before a certificate expires. */
export const noticeDays = [7, 14, 30] as const;

/** The certificates to give notice of: each with the smallest threshold it is within, soonest first. */
export function expiryNotices(rows: readonly CertRow[], now: number) {
  return rows
    .filter((row) => row.notAfter.getTime() > now)
    .map((row) => ({
      row,
      left: Math.max(row.daysLeft, 0),
      within: noticeDays.find((days) => row.daysLeft <= days),
    }))
    .filter((n): n is typeof n & { within: (typeof noticeDays)[number] } => n.within !== undefined)
    .sort((a, b) => a.row.notAfter.getTime() - b.row.notAfter.getTime());
}

/**
 * The overview's certificate status (spec §2): how many are expired and expire within 7 and 30
 * days, each opening the list filtered, and a notice for each certificate within 30, 14 or 7 days
 * of its end. From the list kept on this device, brought up to date while online.
 */
export function CertExpiryCard() {
  const { t, i18n } = useLingui();
  const runtime = useSyncRuntime();
  const online = useOnline();
  const refresh = useCertPull(runtime, online);
  const now = useNow(60_000);
  const list = useCertList(now);
  const rows = useMemo(() => list?.rows ?? [], [list]);
  const buckets = expiryBuckets(rows, now);
  const notices = expiryNotices(rows, now);
  // Never read on this device: no figure yet, rather than zeros that are not known.
  const unread = list?.read === undefined && rows.length === 0;
  const figures = [
    { filter: 'expired', count: buckets.expired, color: 'red.fg' },
    { filter: 'in7', count: buckets.in7, color: 'orange.fg' },
    { filter: 'in30', count: buckets.in30, color: 'yellow.fg' },
  ] as const;
  return (
    <Card.Root as="section" aria-labelledby="dashboard-certs">
      <Card.Header>
        <Heading as="h2" size="md" id="dashboard-certs">
          {t({ id: 'cert.dashboard.title', message: 'Certificates' })}
        </Heading>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">
          <SimpleGrid columns={3} gap="4">
            {figures.map(({ filter, count, color }) => (
              <Stat.Root key={filter}>
                <Stat.Label>{i18n._(expiryLabels[filter])}</Stat.Label>
                <Stat.ValueText color={count > 0 ? color : undefined}>
                  {unread ? (
                    '—'
                  ) : (
                    <Link href={`#/cdn/cert?expiry=${filter}`} color="inherit">
                      {i18n.number(count)}
                    </Link>
                  )}
                </Stat.ValueText>
              </Stat.Root>
            ))}
          </SimpleGrid>
          {unread && online && refresh.state !== 'failed' ? (
            // Being read: the shape of a line, the sentence for screen readers only.
            <BlockSkeleton
              rows={1}
              label={t({ id: 'cert.screen.loading', message: 'Loading the certificates…' })}
            />
          ) : unread ? (
            <Text color="fg.muted" fontSize="sm" role="status">
              {t({
                id: 'cert.dashboard.unread',
                message: 'The certificates have not been loaded on this device yet.',
              })}
            </Text>
          ) : null}
          {notices.length > 0 ? (
            <Stack gap="2" aria-label={t({ id: 'cert.dashboard.notices', message: 'Expiry notices' })}>
              {notices.slice(0, 5).map(({ row, within, left }) => (
                <Alert.Root key={row.id} status={within === 7 ? 'error' : 'warning'} size="sm">
                  <Alert.Indicator />
                  <Alert.Title>
                    {t({
                      id: 'cert.dashboard.notice',
                      message: plural(left, {
                        one: `${ph({ name: row.name })} expires in # day`,
                        other: `${ph({ name: row.name })} expires in # days`,
                      }),
                    })}{' '}
                    <Link href={`#/cdn/cert?keyword=${encodeURIComponent(row.name)}`} colorPalette="blue">
                      {t({ id: 'cert.dashboard.view', message: 'View' })}
                    </Link>
                  </Alert.Title>
                </Alert.Root>
              ))}
            </Stack>
          ) : null}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
