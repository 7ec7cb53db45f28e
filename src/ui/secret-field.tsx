import { Box, HStack, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface SecretFieldProps {
  /** The id of the label, which names the text for assistive technology. */
  labelId: string;
  label: string;
  /** The text to copy: monospaced, selected whole with one click. */
  children: ReactNode;
  testId: string;
  /** The secret as it is, when the text shows it otherwise (grouped, or a placeholder). */
  secret?: string;
  /** A button beside the text (a copy button). */
  action?: ReactNode;
  /** A word under the text. */
  hint?: string;
}

/** A secret shown once (a key, a token's secret), labelled, to copy or type elsewhere. */
export function SecretField({ labelId, label, children, testId, secret, action, hint }: SecretFieldProps) {
  const text = (
    <Box
      {...(action ? { flex: '1', minW: '0' } : {})}
      fontFamily="mono"
      fontSize="sm"
      borderWidth="1px"
      borderRadius="md"
      bg="bg.muted"
      px="3"
      py="2"
      wordBreak="break-all"
      userSelect="all"
      aria-labelledby={labelId}
      data-testid={testId}
      data-secret={secret}
    >
      {children}
    </Box>
  );
  return (
    <Stack gap="1">
      <Text fontWeight="medium" fontSize="sm" id={labelId}>
        {label}
      </Text>
      {action ? (
        <HStack gap="2" align="stretch">
          {text}
          {action}
        </HStack>
      ) : (
        text
      )}
      {hint ? (
        <Text fontSize="xs" color="fg.muted">
          {hint}
        </Text>
      ) : null}
    </Stack>
  );
}
