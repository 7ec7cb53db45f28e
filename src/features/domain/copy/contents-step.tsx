import { Box, Checkbox, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { CopyConfigEvent } from '../../../machines';
import { httpsNotCopiedMessage } from '../domain-messages';

interface ContentsStepProps {
  copyGroup: boolean;
  /** The source's group name; null when it is in no group. */
  groupName: string | null;
  send(event: CopyConfigEvent): void;
}

function Choice({
  label,
  hint,
  checked,
  disabled,
  onChange,
}: {
  label: string;
  hint: ReactNode;
  checked: boolean;
  disabled: boolean;
  onChange?: (checked: boolean) => void;
}) {
  return (
    <Box as="li" borderWidth="1px" borderRadius="md" px="4" py="3" bg={disabled ? 'bg.subtle' : undefined}>
      <Checkbox.Root
        checked={checked}
        disabled={disabled}
        onCheckedChange={(e) => onChange?.(e.checked === true)}
        alignItems="flex-start"
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control mt="0.5">
          <Checkbox.Indicator />
        </Checkbox.Control>
        <Stack gap="0.5">
          <Checkbox.Label fontWeight="medium">{label}</Checkbox.Label>
          <Text fontSize="sm" color="fg.muted">
            {hint}
          </Text>
        </Stack>
      </Checkbox.Root>
    </Box>
  );
}

/**
 * Step 2: what the new domains take from the source. Basic information and origins always go (a
 * new domain cannot exist without them); the group is optional; HTTPS never goes (spec §5, §8).
 */
export function ContentsStep({ copyGroup, groupName, send }: ContentsStepProps) {
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
        <Choice
          label={t({ id: 'domain.copy.contents.basic', message: 'Basic information' })}
          hint={t({
            id: 'domain.copy.contents.basicHint',
            message:
              'Service type, acceleration area and business type. Always copied: every new domain needs them; you can change them in the next step.',
          })}
          checked
          disabled
        />
        <Choice
          label={t({ id: 'domain.copy.contents.origin', message: 'Origin information' })}
          hint={t({
            id: 'domain.copy.contents.originHint',
            message:
              'Primary and backup origins. Always copied: a new domain needs at least one origin to fetch content from; you can change them in the next step.',
          })}
          checked
          disabled
        />
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
        <Choice
          label={t({ id: 'domain.copy.contents.https', message: 'HTTPS configuration' })}
          hint={i18n._(httpsNotCopiedMessage)}
          checked={false}
          disabled
        />
      </Stack>
    </Stack>
  );
}
