import { Box, HStack, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface LineProblemsProps {
  /** Named by the box of lines (`aria-describedby`). */
  id: string;
  /** The list's accessible name. */
  label: string;
  /** Higher, the box scrolls; unset, it is as high as its problems. */
  maxH?: string;
  /** The problems (`LineProblem`). */
  children: ReactNode;
  /** Under the list: how many more lines have problems. */
  footer?: ReactNode;
}

/** The problems of the lines typed in a box of values, line by line, in a red scrolling box. */
export function LineProblems({ id, label, maxH, children, footer }: LineProblemsProps) {
  return (
    <Box
      id={id}
      borderWidth="1px"
      borderColor="border.error"
      borderRadius="md"
      bg="bg.error"
      px="3"
      py="2"
      maxH={maxH}
      overflowY="auto"
    >
      <Box as="ul" listStyleType="none" aria-label={label}>
        {children}
      </Box>
      {footer}
    </Box>
  );
}

export interface LineProblemProps {
  /** "Line 3". */
  lineLabel: string;
  /** What the line holds. */
  text: ReactNode;
  problem: string;
  py: string;
  gap: string;
  /** Under the problem: a way to fix it. */
  children?: ReactNode;
}

/** One line with a problem: its number, what it holds and what is wrong with it. */
export function LineProblem({ lineLabel, text, problem, py, gap, children }: LineProblemProps) {
  return (
    <Box as="li" py={py} fontSize="sm">
      <HStack gap="3" align="flex-start">
        <Text fontWeight="semibold" color="fg.error" flexShrink={0} minW="4.5em">
          {lineLabel}
        </Text>
        <Stack gap={gap} align="flex-start" minW="0">
          <Text fontFamily="mono" wordBreak="break-all">
            {text}
          </Text>
          <Text color="fg.error">{problem}</Text>
          {children}
        </Stack>
      </HStack>
    </Box>
  );
}
