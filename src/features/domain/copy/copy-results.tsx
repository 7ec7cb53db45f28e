import { Alert, Box, Button, Field, HStack, Input, Link, Stack, Text } from '@chakra-ui/react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { CopyConfigEvent, CopyTarget, CopyTargetProblem } from '../../../machines';
import { StoreFullError } from '../../../store';
import { copyFailedMessage, domainRuleMessages } from '../domain-messages';
import { TargetState } from './target-state';

export type DonePhase = 'settling' | 'failed' | 'retrying' | 'succeeded';

interface CopyResultsProps {
  phase: DonePhase;
  targets: readonly CopyTarget[];
  /** The CNAME of each created target, by its id. */
  cnameOf(id: string): string;
  online: boolean;
  issues: Readonly<Record<string, CopyTargetProblem>>;
  failure: unknown;
  send(event: CopyConfigEvent): void;
}

const detailHref = (id: string) => `#/cdn/domain/detail?id=${encodeURIComponent(id)}`;

/**
 * Step 4: each new domain's result, live: pending (offline: created once back online), created
 * with its CNAME, or refused with the server's message. Any refusal is spec §8's "copy config
 * failed", with a retry of the failed targets only, their names editable.
 */
export function CopyResults({ phase, targets, cnameOf, online, issues, failure, send }: CopyResultsProps) {
  const { t, i18n } = useLingui();
  const total = targets.length;
  const created = targets.filter((target) => target.result === 'created').length;
  const failed = targets.filter((target) => target.result === 'failed').length;
  const retrying = phase === 'retrying';
  const editable = phase === 'failed' || retrying;

  return (
    <Stack gap="5">
      <Box aria-live="polite">
        {phase === 'succeeded' ? (
          <Alert.Root status="success">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>
                {t({
                  id: 'domain.copy.done.succeeded',
                  message: plural(total, {
                    one: 'The configuration was copied to # new domain.',
                    other: 'The configuration was copied to # new domains.',
                  }),
                })}
              </Alert.Title>
              <Alert.Description>
                {t({
                  id: 'domain.copy.done.dnsHint',
                  message:
                    'To accelerate each domain, add a CNAME record for it pointing at its CNAME at your DNS provider.',
                })}
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : failed > 0 ? (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{i18n._(copyFailedMessage)}</Alert.Title>
              <Alert.Description>
                {t({
                  id: 'domain.copy.done.failedSummary',
                  message: plural(failed, {
                    one: `# new domain out of ${total} could not be created. Correct its name if needed, then retry it: the domains already created or on their way are left alone.`,
                    other: `# new domains out of ${total} could not be created. Correct their names if needed, then retry them: the domains already created or on their way are left alone.`,
                  }),
                })}
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : (
          <Text role="status">
            {online
              ? t({
                  id: 'domain.copy.done.settling',
                  message: `Creating the new domains: ${created} of ${total} created.`,
                })
              : t({
                  id: 'domain.copy.done.offline',
                  message:
                    'You are offline. The copy is saved on this device, and the new domains will be created when you are back online.',
                })}
          </Text>
        )}
      </Box>
      {failure ? (
        <Alert.Root status="error" size="sm">
          <Alert.Indicator />
          <Alert.Description>
            {failure instanceof StoreFullError
              ? t({
                  id: 'domain.copy.done.retryStorageFull',
                  message:
                    "The retry was not saved: this device's storage is full. Free some space and try again.",
                })
              : t({
                  id: 'domain.copy.done.retryNotSaved',
                  message: 'The retry was not saved. Please try again.',
                })}
          </Alert.Description>
        </Alert.Root>
      ) : null}

      <Stack as="ul" gap="0" listStyleType="none" m="0" p="0" borderWidth="1px" borderRadius="md">
        {targets.map((target, index) => {
          const number = index + 1;
          const name = target.name;
          const problem = issues[target.key];
          return (
            <Box as="li" key={target.key} px="4" py="3" borderTopWidth={index === 0 ? '0' : '1px'}>
              <Stack
                direction={{ base: 'column', md: 'row' }}
                gap={{ base: '2', md: '4' }}
                align={{ md: 'center' }}
              >
                <Box flex="1" minW="0">
                  {target.result === 'failed' && editable ? (
                    <Field.Root invalid={problem !== undefined} disabled={retrying}>
                      <Field.Label fontSize="xs" color="fg.muted">
                        {t({ id: 'domain.copy.done.nameLabel', message: `Failed domain ${number}` })}
                      </Field.Label>
                      <Input
                        size="sm"
                        maxW="28rem"
                        value={target.name}
                        autoComplete="off"
                        spellCheck={false}
                        onChange={(e) =>
                          send({ type: 'target.change', key: target.key, name: e.currentTarget.value })
                        }
                      />
                      {problem ? (
                        <Field.ErrorText>{i18n._(domainRuleMessages[problem])}</Field.ErrorText>
                      ) : null}
                    </Field.Root>
                  ) : (
                    <Text fontWeight="medium" wordBreak="break-all">
                      {target.name}
                    </Text>
                  )}
                </Box>
                <Box flex={{ md: '1.4' }} minW="0">
                  <TargetState target={target} cname={target.id ? cnameOf(target.id) : ''} online={online} />
                </Box>
                {target.result === 'created' && target.id ? (
                  <Link
                    href={detailHref(target.id)}
                    colorPalette="blue"
                    fontSize="sm"
                    flexShrink="0"
                    aria-label={t({
                      id: 'domain.copy.done.viewDetailOf',
                      message: `View details of ${name}`,
                    })}
                  >
                    {t({ id: 'domain.copy.done.viewDetail', message: 'View details' })}
                  </Link>
                ) : null}
              </Stack>
            </Box>
          );
        })}
      </Stack>

      <HStack gap="3" wrap="wrap">
        {editable ? (
          <Button colorPalette="blue" loading={retrying} onClick={() => send({ type: 'retry.submit' })}>
            {t({ id: 'domain.copy.done.retry', message: 'Retry failed domains' })}
          </Button>
        ) : null}
        <Button asChild variant="outline">
          <a href="#/cdn/domain/list">
            {t({ id: 'domain.copy.done.toList', message: 'Go to the domain list' })}
          </a>
        </Button>
      </HStack>
    </Stack>
  );
}
