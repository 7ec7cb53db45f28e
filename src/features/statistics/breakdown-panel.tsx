import { Stack } from '@chakra-ui/react';
import type { BaseQuery } from './query';
import type { BreakdownView } from './views';
import { Breakdown } from './breakdown';

/** A count view: the period's requests or flow broken down by region, carrier, domain, status or client. */
export function BreakdownPanel({
  view,
  query,
  names,
}: {
  view: BreakdownView;
  query: BaseQuery;
  names: ReadonlyMap<string, string>;
}) {
  return (
    <Stack gap="5">
      {view.dimensions.map((dimension) => (
        <Breakdown key={dimension} dimension={dimension} measure={view.measure} query={query} names={names} />
      ))}
    </Stack>
  );
}
