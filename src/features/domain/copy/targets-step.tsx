import { Alert, Box, Button, Field, HStack, IconButton, Input, Stack, Text } from '@chakra-ui/react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import { limits } from '../../../contract/limits';
import type { CopyTargetsProblem } from '../../../contract/rules/domain';
import type { CopyConfigEvent, CopyTarget, CopyTargetProblem } from '../../../machines';
import { CloseIcon } from '../../../ui/icons';
import { domainRuleMessages } from '../domain-messages';

interface TargetsStepProps {
  targets: readonly CopyTarget[];
  issues: Readonly<Record<string, CopyTargetProblem>>;
  listProblem: CopyTargetsProblem | null;
  send(event: CopyConfigEvent): void;
}

/** A paste of several names (a line break, space, comma or semicolon between them). */
const severalNames = (text: string) => /\S[\s,;，；]+\S/.test(text.trim());

/**
 * Step 1: the new domains, one per row (spec §2 "fill in target domains (up to 10)"). A paste
 * of several names fills several rows; each row shows its own problem.
 */
export function TargetsStep({ targets, issues, listProblem, send }: TargetsStepProps) {
  const { t, i18n } = useLingui();
  const inputs = useRef(new Map<string, HTMLInputElement>());
  /** The row to focus after the next render: a neighbour of a removed row. */
  const focusNext = useRef<string | null>(null);
  const max = limits.domain.copyTargetsMax;
  const count = targets.length;
  const full = count >= max;

  // A row added (or pasted) gets the focus, so the user types on; a removed one hands it on.
  const lastKey = targets[targets.length - 1]?.key;
  const previousCount = useRef(count);
  useEffect(() => {
    if (count > previousCount.current && lastKey) focusNext.current = lastKey;
    previousCount.current = count;
    if (focusNext.current === null) return;
    inputs.current.get(focusNext.current)?.focus();
    focusNext.current = null;
  });

  return (
    <Stack gap="4">
      <Text color="fg.muted" fontSize="sm">
        {t({
          id: 'domain.copy.targets.hint',
          message: `Enter the new domains to create with this configuration, one per row, at most ${max} at a time. Pasting several domains, one per line, fills several rows.`,
        })}
      </Text>
      {listProblem ? (
        <Alert.Root status="error" size="sm">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Description>{i18n._(domainRuleMessages[listProblem])}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}
      <Stack as="ol" gap="3" listStyleType="none" m="0" p="0">
        {targets.map((target, index) => {
          const number = index + 1;
          const problem = issues[target.key];
          const label = t({ id: 'domain.copy.targets.rowLabel', message: `New domain ${number}` });
          return (
            <Box as="li" key={target.key}>
              <Field.Root invalid={problem !== undefined}>
                <Field.Label srOnly>{label}</Field.Label>
                <HStack gap="2" align="flex-start" w="full">
                  <Text
                    aria-hidden="true"
                    w="6"
                    flexShrink="0"
                    textAlign="end"
                    pt="2"
                    fontSize="sm"
                    color="fg.muted"
                  >
                    {number}
                  </Text>
                  <Input
                    ref={(element) => {
                      if (element) inputs.current.set(target.key, element);
                      else inputs.current.delete(target.key);
                    }}
                    value={target.name}
                    placeholder={t({
                      id: 'domain.copy.targets.placeholder',
                      message: 'e.g. www.example.com',
                    })}
                    autoComplete="off"
                    spellCheck={false}
                    maxW="32rem"
                    onChange={(e) =>
                      send({ type: 'target.change', key: target.key, name: e.currentTarget.value })
                    }
                    onPaste={(e) => {
                      const text = e.clipboardData.getData('text');
                      if (!severalNames(text)) return;
                      e.preventDefault();
                      send({ type: 'target.paste', key: target.key, text });
                    }}
                  />
                  <IconButton
                    aria-label={t({
                      id: 'domain.copy.targets.remove',
                      message: `Remove new domain ${number}`,
                    })}
                    title={t({ id: 'domain.copy.targets.removeShort', message: 'Remove' })}
                    variant="ghost"
                    size="sm"
                    disabled={count <= 1}
                    onClick={() => {
                      send({ type: 'target.remove', key: target.key });
                      const next = targets[index + 1] ?? targets[index - 1];
                      if (next) focusNext.current = next.key;
                    }}
                  >
                    <CloseIcon size={16} />
                  </IconButton>
                </HStack>
                {problem ? (
                  <Field.ErrorText ps="8">{i18n._(domainRuleMessages[problem])}</Field.ErrorText>
                ) : null}
              </Field.Root>
            </Box>
          );
        })}
      </Stack>
      <HStack gap="3" wrap="wrap" ps="8">
        <Button size="sm" variant="outline" disabled={full} onClick={() => send({ type: 'target.add' })}>
          {t({ id: 'domain.copy.targets.add', message: 'Add domain' })}
        </Button>
        <Text fontSize="xs" color={count > max ? 'fg.error' : 'fg.muted'} aria-live="polite">
          {t({
            id: 'domain.copy.targets.count',
            message: plural(max, {
              one: `${count} of at most # domain`,
              other: `${count} of at most # domains`,
            }),
          })}
        </Text>
      </HStack>
    </Stack>
  );
}
