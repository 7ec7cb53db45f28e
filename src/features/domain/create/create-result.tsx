import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  DataList,
  Heading,
  HStack,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, type ReactNode } from 'react';
import { copyText } from '../../../ui/copy-text';
import type { CreateOutcome } from './outcome';

interface CreateResultProps {
  id: string;
  /** The service domain as it was submitted. */
  domain: string;
  outcome: CreateOutcome;
  /** Back to the form with the values as submitted (to correct a refused creation). */
  onBackToForm(): void;
  onAddAnother(): void;
}

/**
 * The result of a creation, on the create screen: the CNAME once the server has given it (with
 * what to do at the DNS provider), the pending state until then, or the server's refusal.
 */
export function CreateResult({ id, domain, outcome, onBackToForm, onAddAnother }: CreateResultProps) {
  const { t } = useLingui();
  const heading = useRef<HTMLHeadingElement>(null);

  // The form has gone: the keyboard and screen reader follow to the result.
  useEffect(() => heading.current?.focus(), []);

  // spec §8: copying may fail (no permission, an insecure page); the toast says which.
  const copy = (cname: string) =>
    copyText(cname, {
      ok: t({ id: 'domain.create.copied', message: 'Copied to the clipboard' }),
      failed: t({
        id: 'domain.create.copyFailed',
        message: 'Copy failed. Select the CNAME and copy it by hand.',
      }),
    });

  const pendingBadge = (
    <Badge colorPalette="orange" variant="subtle">
      {t({ id: 'domain.create.pendingBadge', message: 'Pending sync' })}
    </Badge>
  );
  const cnameLabel = t({ id: 'domain.create.cname', message: 'CNAME' });
  const detailHref = `#/cdn/domain/detail?id=${encodeURIComponent(id)}`;
  const links = (
    <HStack gap="3" wrap="wrap">
      <Button asChild size="sm" variant="outline">
        <a href="#/cdn/domain/list">
          {t({ id: 'domain.create.viewList', message: 'View in the domain list' })}
        </a>
      </Button>
      {outcome.kind !== 'gone' ? (
        <Button asChild size="sm" variant="outline">
          <a href={detailHref}>{t({ id: 'domain.create.viewDetail', message: 'View domain detail' })}</a>
        </Button>
      ) : null}
      <Button size="sm" colorPalette="blue" onClick={onAddAnother}>
        {t({ id: 'domain.create.addAnother', message: 'Add another domain' })}
      </Button>
    </HStack>
  );

  let title: string;
  let body: ReactNode;
  const backToForm = (variant: 'solid' | 'outline') => (
    <HStack gap="3" wrap="wrap">
      <Button
        size="sm"
        variant={variant}
        colorPalette={variant === 'solid' ? 'blue' : undefined}
        onClick={onBackToForm}
      >
        {t({ id: 'domain.create.backToForm', message: 'Back to the form' })}
      </Button>
    </HStack>
  );
  switch (outcome.kind) {
    case 'loading':
    case 'sending':
      title = t({ id: 'domain.create.sendingTitle', message: `Creating ${domain}` });
      body = (
        <Stack gap="3">
          <HStack gap="2">
            <Spinner size="sm" color="blue.solid" />
            <Text>{t({ id: 'domain.create.generating', message: 'Generating the CNAME…' })}</Text>
            {pendingBadge}
          </HStack>
          <Text fontSize="sm" color="fg.muted">
            {t({
              id: 'domain.create.dnsLater',
              message:
                'Once the CNAME is shown here, add a CNAME record for the domain at your DNS provider pointing at it.',
            })}
          </Text>
          {links}
        </Stack>
      );
      break;
    case 'offline':
      title = t({ id: 'domain.create.offlineTitle', message: `${domain} is saved on this device` });
      body = (
        <Stack gap="3">
          <HStack gap="2" align="flex-start">
            {pendingBadge}
            <Text>
              {t({
                id: 'domain.create.offlineText',
                message:
                  'You are offline. The domain will be created when you are back online, and its CNAME will be shown here.',
              })}
            </Text>
          </HStack>
          {links}
        </Stack>
      );
      break;
    case 'created': {
      const cname = outcome.entry.cname;
      const name = outcome.entry.domain;
      title = t({ id: 'domain.create.createdTitle', message: `${name} has been added` });
      body = (
        <Stack gap="4">
          <DataList.Root orientation="horizontal" size="md">
            <DataList.Item>
              <DataList.ItemLabel>
                {t({ id: 'domain.create.recordDomain', message: 'Domain' })}
              </DataList.ItemLabel>
              <DataList.ItemValue>
                <Text wordBreak="break-all">{name}</Text>
              </DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>
                {t({ id: 'domain.create.recordType', message: 'Record type' })}
              </DataList.ItemLabel>
              <DataList.ItemValue>{cnameLabel}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{cnameLabel}</DataList.ItemLabel>
              <DataList.ItemValue>
                <HStack gap="2" wrap="wrap">
                  <Text
                    as="span"
                    fontFamily="mono"
                    fontWeight="medium"
                    bg="bg.muted"
                    px="2"
                    py="0.5"
                    borderRadius="sm"
                    wordBreak="break-all"
                    data-testid="cname"
                  >
                    {cname}
                  </Text>
                  <Button size="xs" variant="outline" onClick={() => void copy(cname)}>
                    {t({ id: 'domain.create.copy', message: 'Copy CNAME' })}
                  </Button>
                </HStack>
              </DataList.ItemValue>
            </DataList.Item>
          </DataList.Root>
          <Box borderLeftWidth="3px" borderColor="blue.solid" ps="3">
            <Text fontWeight="medium">
              {t({ id: 'domain.create.dnsTitle', message: 'Next: point the domain at CDN' })}
            </Text>
            <Text fontSize="sm" color="fg.muted">
              {t({
                id: 'domain.create.dnsSteps',
                message: `At your DNS provider, add a CNAME record for ${name} pointing at ${cname}. Acceleration takes effect once the record has propagated.`,
              })}
            </Text>
          </Box>
          {links}
        </Stack>
      );
      break;
    }
    case 'refused':
      title = t({ id: 'domain.create.refusedTitle', message: `${domain} could not be created` });
      body = (
        <Stack gap="4">
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Description>
                {outcome.error?.msg ||
                  t({ id: 'domain.create.refusedUnknown', message: 'The server rejected the domain.' })}
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
          <Text fontSize="sm" color="fg.muted">
            {t({
              id: 'domain.create.refusedHint',
              message: 'Go back to the form to correct it and submit again: everything you entered is kept.',
            })}
          </Text>
          {backToForm('solid')}
        </Stack>
      );
      break;
    case 'gone':
      title = t({ id: 'domain.create.goneTitle', message: `${domain} was not created` });
      body = (
        <Stack gap="4">
          <Text>
            {t({
              id: 'domain.create.goneText',
              message: 'The creation was discarded from the pending changes before the server applied it.',
            })}
          </Text>
          {backToForm('outline')}
          {links}
        </Stack>
      );
      break;
  }

  return (
    <Card.Root as="section" aria-labelledby="domain-create-result">
      {/* Announced as it changes: pending, then created (or refused). */}
      <Card.Header aria-live="polite">
        <Heading as="h2" size="lg" id="domain-create-result" ref={heading} tabIndex={-1} outline="none">
          {title}
        </Heading>
      </Card.Header>
      <Card.Body>{body}</Card.Body>
    </Card.Root>
  );
}
