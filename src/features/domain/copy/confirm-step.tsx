import { Alert, Box, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import type { MessageDescriptor } from '@lingui/core';
import { msg, ph, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import {
  contentsOf,
  sectionContentChoices,
  type CopyConfigContext,
  type CopyConfigEvent,
  type SectionContentChoice,
} from '../../../machines';
import { StoreFullError } from '../../../store';
import { BasicFields } from '../form/basic-fields';
import { OriginsEditor } from '../form/origins-editor';

interface ConfirmStepProps {
  context: CopyConfigContext;
  groupName: string | null;
  busy: boolean;
  send(event: CopyConfigEvent): void;
}

/**
 * Step 3: the basic and origin information the new domains get, as copied from the source and
 * editable here; the origins are checked by the rules of spec §5 before anything is queued.
 */
/** The sections in the sentence that says what is copied. */
const copiedLabels: Record<SectionContentChoice, MessageDescriptor> = {
  cache: msg({ id: 'domain.copy.confirm.cacheItem', message: 'the cache rules' }),
  https: msg({ id: 'domain.copy.confirm.httpsItem', message: 'the HTTPS settings' }),
  access: msg({ id: 'domain.copy.confirm.accessItem', message: 'the access control' }),
  performance: msg({ id: 'domain.copy.confirm.performanceItem', message: 'the performance settings' }),
  advanced: msg({ id: 'domain.copy.confirm.advancedItem', message: 'the headers and rewrites' }),
};

export function ConfirmStep({ context, groupName, busy, send }: ConfirmStepProps) {
  const { t, i18n } = useLingui();
  const contents = contentsOf(context.copyGroup, context.sections, context.sourceConfig);
  const copiesHttps = contents.includes('https');
  const copiedList = [
    t({ id: 'domain.copy.confirm.basicItem', message: 'basic information' }),
    t({ id: 'domain.copy.confirm.originsItem', message: 'origins' }),
    ...(context.copyGroup && groupName !== null
      ? [t({ id: 'domain.copy.confirm.groupItem', message: `the group “${groupName}”` })]
      : []),
    ...sectionContentChoices.filter((c) => contents.includes(c)).map((c) => i18n._(copiedLabels[c])),
  ].join(t({ id: 'domain.copy.confirm.separator', message: ', ' }));
  const count = context.targets.length;
  return (
    <Stack gap="6">
      {context.failure ? (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>
              {t({
                id: 'domain.copy.confirm.notSaved',
                message: 'The copy was not saved: nothing was queued.',
              })}
            </Alert.Title>
            <Alert.Description>
              {context.failure instanceof StoreFullError
                ? t({
                    id: 'domain.copy.confirm.storageFull',
                    message: "This device's storage is full. Free some space and try again.",
                  })
                : t({ id: 'domain.copy.confirm.saveFailed', message: 'Please try again.' })}
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}
      <Stack as="section" aria-labelledby="domain-copy-summary" gap="2">
        <Heading as="h3" size="sm" id="domain-copy-summary">
          {t({
            id: 'domain.copy.confirm.targets',
            message: plural(count, { one: 'New domain (#)', other: 'New domains (#)' }),
          })}
        </Heading>
        <HStack as="ul" gap="2" wrap="wrap" listStyleType="none" m="0" p="0">
          {context.targets.map(({ key, name }) => (
            <Box
              as="li"
              key={key}
              px="2"
              py="0.5"
              borderRadius="sm"
              bg="bg.muted"
              fontSize="sm"
              wordBreak="break-all"
            >
              {name.trim()}
            </Box>
          ))}
        </HStack>
        <Text fontSize="sm" color="fg.muted">
          {t({
            id: 'domain.copy.confirm.copied',
            message: `Copied: ${ph({ list: copiedList })}.`,
          })}
          {copiesHttps
            ? null
            : ` ${t({ id: 'domain.copy.confirm.noHttps', message: 'HTTPS is not copied.' })}`}
        </Text>
      </Stack>
      <Stack as="section" aria-labelledby="domain-copy-basic" gap="3">
        <Heading as="h3" size="sm" id="domain-copy-basic">
          {t({ id: 'domain.copy.confirm.basic', message: 'Basic information' })}
        </Heading>
        <Text fontSize="sm" color="fg.muted" mt="-2">
          {t({
            id: 'domain.copy.confirm.editHint',
            message:
              'Filled in from the source domain. What you change here applies to the new domains only; the source domain stays as it is.',
          })}
        </Text>
        <BasicFields
          value={context.basic}
          onChange={(value) => send({ type: 'basic.change', value })}
          disabled={busy}
        />
      </Stack>
      <Stack as="section" aria-labelledby="domain-copy-origins" gap="3">
        <Heading as="h3" size="sm" id="domain-copy-origins">
          {t({ id: 'domain.copy.confirm.origins', message: 'Origin information' })}
        </Heading>
        <OriginsEditor
          value={context.origins}
          onChange={(value) => send({ type: 'origins.change', value })}
          issues={context.originIssues}
          disabled={busy}
        />
      </Stack>
    </Stack>
  );
}
