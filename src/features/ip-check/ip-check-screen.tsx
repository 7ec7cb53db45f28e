import { Alert, Badge, Box, Button, Field, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { ph, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useMemo, useState } from 'react';
import { api, isApiError } from '../../api';
import type { IpCheckAnswer } from '../../contract/ip-check';
import { limits } from '../../contract/limits';
import { readIpCheckInput } from '../../contract/rules/ip-check';
import { carrierNames, regionNames } from '../../contract/traffic-names';
import { formatDateTime } from '../../ui/format';
import { LinesInput } from '../../ui/lines-input';
import { OfflineNotice } from '../../ui/offline-notice';
import { ScreenPage } from '../../ui/screen-page';
import { useOnline } from '../../ui/use-online';
import { OutlinedFormCard } from '../../ui/outlined-form-card';

interface Answered {
  lists: IpCheckAnswer[];
  at: number;
}

/** Seconds until `until` (epoch ms), ticking while there are any. */
function useSecondsLeft(until: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until <= now) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(1000, until - now));
    return () => clearTimeout(timer);
  }, [until, now]);
  return Math.max(0, Math.ceil((until - now) / 1000));
}

/**
 * The IP check (spec §2 /cdn/utils/ipinquiry): whether addresses are edge nodes of the provider,
 * and their region and carrier. Up to 20 values a query, each holding a dotted IPv4 address (the
 * spec's format message); one query every 5 seconds, which the server enforces.
 */
export function IpCheckScreen() {
  const { t, i18n } = useLingui();
  const online = useOnline();
  const [text, setText] = useState('');
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [answered, setAnswered] = useState<Answered | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [nextAt, setNextAt] = useState(0);
  const wait = useSecondsLeft(nextAt);
  const read = useMemo(() => readIpCheckInput(text), [text]);
  const count = read.values.length;
  const max = limits.ipCheck.perQuery;
  const english = i18n.locale === 'en_US';

  const problem =
    read.invalid.length > 0
      ? t({ id: 'ipCheck.format', message: 'The IP format is incorrect' })
      : count > max
        ? t({
            id: 'ipCheck.tooMany',
            message: plural(max, {
              one: 'At most # IP can be checked at a time',
              other: 'At most # IPs can be checked at a time',
            }),
          })
        : count === 0 && tried
          ? t({ id: 'ipCheck.required', message: 'Enter the IP addresses to check' })
          : null;

  const query = async () => {
    setTried(true);
    if (count === 0 || read.invalid.length > 0 || count > max || wait > 0 || !online) return;
    setBusy(true);
    setFailure(null);
    try {
      const result = await api.call('ipCheck', { ips: read.values }, { quiet: true });
      setAnswered({ lists: result.lists, at: Date.now() });
      setNextAt(Date.now() + limits.ipCheck.intervalMs);
    } catch (error) {
      if (isApiError(error)) {
        const retry = Number((error.data as { retry_after?: unknown } | null)?.retry_after);
        if (Number.isFinite(retry)) setNextAt(Date.now() + retry * 1000);
        setFailure(error.message);
      } else setFailure(String(error));
    } finally {
      setBusy(false);
    }
  };

  const invalid = new Set(read.invalid.map((i) => read.values[i]));
  const shownInvalid = [...invalid].slice(0, 5).join(', ');

  return (
    <ScreenPage
      title={t({ id: 'ipCheck.screen.title', message: 'IP check' })}
      intro={t({
        id: 'ipCheck.screen.intro',
        message:
          'Check whether addresses belong to our edge nodes, and where they are. Useful when an address shows up in your origin logs or firewall.',
      })}
    >
      <OutlinedFormCard onSubmit={() => void query()}>
        <Field.Root invalid={problem !== null}>
          <Field.Label>{t({ id: 'ipCheck.field.label', message: 'IP addresses' })}</Field.Label>
          <LinesInput
            value={text}
            onChange={setText}
            rows={6}
            placeholder={'192.0.2.1\n198.51.100.23'}
            note={
              problem ? (
                <Stack gap="0.5">
                  <Field.ErrorText>{problem}</Field.ErrorText>
                  {read.invalid.length > 0 ? (
                    <Text fontSize="xs" color="fg.error" fontFamily="mono" wordBreak="break-all">
                      {shownInvalid}
                    </Text>
                  ) : null}
                </Stack>
              ) : (
                <Field.HelperText>
                  {t({
                    id: 'ipCheck.field.help',
                    message: `One IPv4 address per line (or separated by commas), at most ${ph({ max })} a query. An address with a port or in a URL is read for its address.`,
                  })}
                </Field.HelperText>
              )
            }
            counter={`${count}/${max}`}
            over={count > max}
          />
        </Field.Root>
        <HStack justify="flex-end" gap="3" wrap="wrap">
          {wait > 0 ? (
            <Text fontSize="sm" color="fg.muted" role="status">
              {t({
                id: 'ipCheck.wait',
                message: plural(wait, {
                  one: 'The next query is possible in # second.',
                  other: 'The next query is possible in # seconds.',
                }),
              })}
            </Text>
          ) : null}
          <Button type="submit" colorPalette="blue" loading={busy} disabled={wait > 0 || !online}>
            {t({ id: 'ipCheck.submit', message: 'Check' })}
          </Button>
        </HStack>
        <OfflineNotice online={online}>
          {t({
            id: 'ipCheck.offline',
            message: 'The IP check asks the server: connect to the internet to use it.',
          })}
        </OfflineNotice>
        {failure ? (
          <Alert.Root status="error" size="sm">
            <Alert.Indicator />
            <Alert.Description>{failure}</Alert.Description>
          </Alert.Root>
        ) : null}
      </OutlinedFormCard>

      {answered ? (
        <Stack gap="2">
          <Text fontSize="sm" color="fg.muted">
            {t({
              id: 'ipCheck.result.when',
              message: `Results of ${ph({ time: formatDateTime(answered.at) })}`,
            })}
          </Text>
          <Box overflowX="auto" borderWidth="1px" borderRadius="md">
            <Table.Root size="sm" aria-label={t({ id: 'ipCheck.result.table', message: 'IP check results' })}>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>
                    {t({ id: 'ipCheck.col.ip', message: 'IP address' })}
                  </Table.ColumnHeader>
                  <Table.ColumnHeader>
                    {t({ id: 'ipCheck.col.node', message: 'Edge node' })}
                  </Table.ColumnHeader>
                  <Table.ColumnHeader>
                    {t({ id: 'ipCheck.col.region', message: 'Region' })}
                  </Table.ColumnHeader>
                  <Table.ColumnHeader>
                    {t({ id: 'ipCheck.col.carrier', message: 'Carrier' })}
                  </Table.ColumnHeader>
                  <Table.ColumnHeader hideBelow="md">
                    {t({ id: 'ipCheck.col.location', message: 'IP database record' })}
                  </Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {answered.lists.map((answer) => (
                  <Table.Row key={answer.input} data-ip={answer.ip}>
                    <Table.Cell>
                      <Text fontFamily="mono">{answer.ip}</Text>
                      {answer.input !== answer.ip ? (
                        <Text fontSize="xs" color="fg.muted" wordBreak="break-all">
                          {answer.input}
                        </Text>
                      ) : null}
                    </Table.Cell>
                    <Table.Cell>
                      {answer.node ? (
                        <Stack gap="1" align="flex-start">
                          <Badge colorPalette={answer.node.online ? 'green' : 'orange'}>
                            {answer.node.online
                              ? t({ id: 'ipCheck.node.online', message: 'Edge node, in service' })
                              : t({ id: 'ipCheck.node.offline', message: 'Edge node, out of service' })}
                          </Badge>
                          <Text fontSize="xs" color="fg.muted" fontFamily="mono">
                            {answer.node.name}
                          </Text>
                        </Stack>
                      ) : (
                        <Badge colorPalette="gray">
                          {t({ id: 'ipCheck.node.none', message: 'Not an edge node' })}
                        </Badge>
                      )}
                    </Table.Cell>
                    <Table.Cell>{regionNames[answer.region][english ? 'en_US' : 'zh_CN']}</Table.Cell>
                    <Table.Cell>{carrierNames[answer.carrier][english ? 'en_US' : 'zh_CN']}</Table.Cell>
                    <Table.Cell hideBelow="md">{answer.location || '—'}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Box>
        </Stack>
      ) : null}
    </ScreenPage>
  );
}
