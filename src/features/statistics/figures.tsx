import { SimpleGrid, Stat } from '@chakra-ui/react';

export interface FigureItem {
  label: string;
  value: string;
  /** Under the value: when it happened, or the change against the previous period. */
  help?: string;
}

export function Figures({ items }: { items: FigureItem[] }) {
  return (
    <SimpleGrid columns={{ base: 2, md: Math.min(4, items.length) }} gap="4">
      {items.map((item) => (
        <Stat.Root key={item.label} borderWidth="1px" borderRadius="md" p="3">
          <Stat.Label>{item.label}</Stat.Label>
          <Stat.ValueText fontSize="xl">{item.value}</Stat.ValueText>
          {item.help ? <Stat.HelpText as="dd">{item.help}</Stat.HelpText> : null}
        </Stat.Root>
      ))}
    </SimpleGrid>
  );
}
