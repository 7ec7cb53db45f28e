import { DataList } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** One fact: its label (unique in the list) and its value. */
export type DetailRow = readonly [label: string, value: ReactNode];

/** Facts of one thing, a label and a value a row. */
export function DetailList({ rows }: { rows: readonly DetailRow[] }) {
  return (
    <DataList.Root orientation="horizontal">
      {rows.map(([label, value]) => (
        <DataList.Item key={label}>
          <DataList.ItemLabel>{label}</DataList.ItemLabel>
          <DataList.ItemValue>{value}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}
