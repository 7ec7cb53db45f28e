import { Box, Button, Stack } from '@chakra-ui/react';
import { useId, useState } from 'react';

/**
 * A count that unfolds into its items: the items on hover (the button's title) and, for touch and
 * keyboard, listed under it once pressed.
 */
export function Folded({
  items,
  summary,
  mono = false,
}: {
  items: readonly string[];
  summary: string;
  mono?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  return (
    <Stack gap="1" align="flex-start">
      <Button
        size="xs"
        variant="plain"
        px="0"
        h="auto"
        textDecoration="underline dotted"
        title={items.join('\n')}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((was) => !was)}
      >
        {summary}
      </Button>
      <Box
        as="ul"
        id={listId}
        hidden={!open}
        listStyleType="none"
        fontSize="xs"
        fontFamily={mono ? 'mono' : undefined}
        maxH="160px"
        overflowY="auto"
      >
        {items.map((item, index) => (
          <li key={`${index}-${item}`}>{item}</li>
        ))}
      </Box>
    </Stack>
  );
}
