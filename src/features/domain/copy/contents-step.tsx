import { Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  sectionContentChoices,
  type CopyConfigEvent,
  type CopySourceConfig,
  type SectionContentChoice,
} from '../../../machines';
import { sectionTitles, tabLabels } from '../config/config-messages';
import { httpsNotCopiedMessage } from '../domain-messages';
import { Choice } from './choice';

interface ContentsStepProps {
  copyGroup: boolean;
  sections: readonly SectionContentChoice[];
  /** The source's configuration as read on this device; null while it has not been read. */
  sourceConfig: CopySourceConfig | null;
  /** The source's group name; null when it is in no group. */
  groupName: string | null;
  send(event: CopyConfigEvent): void;
}

/** The sections to copy; three are named as the detail's tabs and cards name them. */
const sectionChoiceLabels: Record<SectionContentChoice, MessageDescriptor> = {
  cache: sectionTitles.domainCache,
  https: msg({ id: 'domain.copy.contents.https', message: 'HTTPS configuration' }),
  access: tabLabels.access,
  performance: tabLabels.performance,
  advanced: msg({ id: 'domain.copy.contents.advanced', message: 'Headers and rewrites' }),
};
const sectionChoiceHints: Record<SectionContentChoice, MessageDescriptor> = {
  cache: msg({ id: 'domain.copy.contents.cacheHint', message: 'Every cache rule, in its order.' }),
  https: msg({
    id: 'domain.copy.contents.httpsHint',
    message: 'Forced HTTPS, HSTS, HTTP/2 and TLS versions (the source has no certificate).',
  }),
  access: msg({
    id: 'domain.copy.contents.accessHint',
    message: 'IP, UA and referer lists, and URL authentication.',
  }),
  performance: msg({
    id: 'domain.copy.contents.performanceHint',
    message: 'Smart compression, the POST size limit and speed limits.',
  }),
  advanced: msg({
    id: 'domain.copy.contents.advancedHint',
    message: 'Request and response headers, URL rewrites and error pages.',
  }),
};

/** What every new domain takes from the source, chosen or not: it cannot exist without it. */
const alwaysCopied = [
  {
    label: msg({ id: 'domain.copy.contents.basic', message: 'Basic information' }),
    hint: msg({
      id: 'domain.copy.contents.basicHint',
      message:
        'Service type, acceleration area and business type. Always copied: every new domain needs them; you can change them in the next step.',
    }),
  },
  {
    label: msg({ id: 'domain.copy.contents.origin', message: 'Origin information' }),
    hint: msg({
      id: 'domain.copy.contents.originHint',
      message:
        'Primary and backup origins. Always copied: a new domain needs at least one origin to fetch content from; you can change them in the next step.',
    }),
  },
];

/**
 * Step 2: what the new domains take from the source. Basic information and origins always go (a
 * new domain cannot exist without them); the group and the configuration sections are optional;
 * HTTPS goes only while the source has no certificate (spec §5, §8). The server copies the
 * sections at the versions this device read.
 */
export function ContentsStep({ copyGroup, sections, sourceConfig, groupName, send }: ContentsStepProps) {
  const { t, i18n } = useLingui();
  return (
    <Stack gap="4">
      <Text color="fg.muted" fontSize="sm">
        {t({
          id: 'domain.copy.contents.hint',
          message: 'Choose what the new domains take from the source domain.',
        })}
      </Text>
      <Stack as="ul" gap="3" listStyleType="none" m="0" p="0">
        {alwaysCopied.map((item) => (
          <Choice key={item.label.id} label={i18n._(item.label)} hint={i18n._(item.hint)} checked disabled />
        ))}
        <Choice
          label={t({ id: 'domain.copy.contents.group', message: 'Group' })}
          hint={
            groupName === null
              ? t({
                  id: 'domain.copy.contents.noGroup',
                  message: 'The source domain is in no group: the new domains are put in no group.',
                })
              : t({
                  id: 'domain.copy.contents.groupHint',
                  message: `Put the new domains in the group “${groupName}”. Otherwise they are put in no group.`,
                })
          }
          checked={copyGroup}
          disabled={groupName === null}
          onChange={(on) => send({ type: 'contents.group', on })}
        />
        {sectionContentChoices.map((content) => {
          const https = content === 'https';
          const blocked = sourceConfig === null || (https && sourceConfig.hasCertificate);
          return (
            <Choice
              key={content}
              label={i18n._(sectionChoiceLabels[content])}
              hint={
                https && sourceConfig?.hasCertificate
                  ? i18n._(httpsNotCopiedMessage)
                  : sourceConfig === null
                    ? t({
                        id: 'domain.copy.contents.configUnread',
                        message:
                          'The source configuration has not been read on this device yet: connect to copy it.',
                      })
                    : i18n._(sectionChoiceHints[content])
              }
              checked={!blocked && sections.includes(content)}
              disabled={blocked}
              onChange={(on) => send({ type: 'contents.section', content, on })}
            />
          );
        })}
      </Stack>
    </Stack>
  );
}
