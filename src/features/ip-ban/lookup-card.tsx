import { Alert, Button, Card, Field, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { api, isApiError } from '../../api';
import type { IpBanEntry } from '../../contract/ip-ban';
import { formatAddress, parseAddress } from '../../contract/rules/ip';
import { formatDateTime } from '../../ui/format';
import { ruleText, valueTexts } from './ip-ban-messages';
import { coveringRow, type IpBanRow } from './rows';

interface LookupResult {
  ip: string;
  entry: IpBanEntry | null;
  /** Answered by the server, or computed from the list stored on this device. */
  source: 'server' | 'device';
}

interface LookupCardProps {
  rows: readonly IpBanRow[];
  online: boolean;
  /** When the stored list was read, for an answer computed from it. */
  fetchedAt: number | null;
  onShowEntry: (id: string) => void;
}

/** "Is this IP banned, and by which entry?": the server's answer online, the stored list's offline. */
export function LookupCard({ rows, online, fetchedAt, onShowEntry }: LookupCardProps) {
  const { t, i18n } = useLingui();
  const headingId = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<LookupResult | null>(null);
  const [busy, setBusy] = useState(false);

  async function lookUp() {
    const address = parseAddress(text);
    if (address === null) {
      setError(ruleText(i18n, text.trim() === '' ? 'ipBan.rule.required' : 'ipBan.rule.format'));
      setResult(null);
      return;
    }
    setError(null);
    const ip = formatAddress(address.family, address.value);
    if (online) {
      setBusy(true);
      try {
        const answer = await api.call('ipBanLookup', { ip });
        setResult({ ip, entry: answer.banned ? answer.entry : null, source: 'server' });
        return;
      } catch (failure) {
        // The client has shown the server's message; without an answer the stored list still can.
        if (!isApiError(failure) || !failure.isNetworkError) return;
      } finally {
        setBusy(false);
      }
    }
    setResult({ ip, entry: coveringRow(rows, address)?.entry ?? null, source: 'device' });
  }

  const asOf = fetchedAt === null ? '--' : formatDateTime(fetchedAt);
  const entry = result?.entry ?? null;
  const ip = result?.ip ?? '';
  const entryId = entry?.id ?? '';
  const reason = entry?.reason || '—';
  const expiry = entry?.expires_at ? formatDateTime(entry.expires_at) : i18n._(valueTexts.noExpiry);

  return (
    <Card.Root as="section" aria-labelledby={headingId} size="sm">
      <Card.Header>
        <Heading as="h2" size="sm" id={headingId}>
          {t({ id: 'ipBan.lookup.title', message: 'Check an IP' })}
        </Heading>
      </Card.Header>
      <Card.Body>
        <Stack gap="3">
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void lookUp();
            }}
          >
            <HStack align="flex-start" gap="2">
              <Field.Root invalid={error !== null} flex="1" maxW="420px">
                <Field.Label srOnly>
                  {t({ id: 'ipBan.lookup.label', message: 'IP address to check' })}
                </Field.Label>
                <Input
                  value={text}
                  onChange={(e) => setText(e.currentTarget.value)}
                  fontFamily={text === '' ? undefined : 'mono'}
                  spellCheck={false}
                  autoCapitalize="off"
                  placeholder={t({
                    id: 'ipBan.lookup.placeholder',
                    message: 'An IPv4 or IPv6 address, e.g. 192.0.2.1',
                  })}
                />
                <Field.ErrorText>{error}</Field.ErrorText>
              </Field.Root>
              <Button type="submit" variant="outline" loading={busy}>
                {t({ id: 'ipBan.lookup.submit', message: 'Check' })}
              </Button>
            </HStack>
          </form>
          {result ? (
            <Alert.Root status={entry ? 'error' : 'success'} aria-live="polite">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>
                  {entry
                    ? t({ id: 'ipBan.lookup.banned', message: `${ip} is banned by ${entryId}` })
                    : t({ id: 'ipBan.lookup.notBanned', message: `${ip} is not banned` })}
                </Alert.Title>
                {entry ? (
                  <Alert.Description>
                    <Stack gap="1" mt="1">
                      <Text>{t({ id: 'ipBan.lookup.reasonLine', message: `Reason: ${reason}` })}</Text>
                      <Text>{t({ id: 'ipBan.lookup.expiryLine', message: `Expires: ${expiry}` })}</Text>
                      <Button
                        size="xs"
                        variant="outline"
                        alignSelf="flex-start"
                        mt="1"
                        onClick={() => onShowEntry(entryId)}
                      >
                        {t({ id: 'ipBan.lookup.show', message: 'Show in the list' })}
                      </Button>
                    </Stack>
                  </Alert.Description>
                ) : null}
                {result.source === 'device' ? (
                  <Text fontSize="xs" color="fg.muted" mt="1">
                    {t({
                      id: 'ipBan.lookup.fromDevice',
                      message: `Checked against the list stored on this device (data as of ${asOf}); it may not be current.`,
                    })}
                  </Text>
                ) : null}
              </Alert.Content>
            </Alert.Root>
          ) : null}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
