import { useLingui } from '@lingui/react/macro';
import type { TopDimension } from '../../contract/traffic';
import { useCall } from '../../sync/reads';
import { dimensionLabels } from './labels';
import { useKeyLabel } from './parts';
import { Panel } from './panel';
import { ReadState } from './read-state';
import { TopTable } from './top-table';
import type { BaseQuery } from './query';

/** A breakdown of the period under the chart (status codes, response-time bands, blocking). */
export function TopPanel({
  dimension,
  query,
  names,
}: {
  dimension: TopDimension;
  query: BaseQuery;
  names: ReadonlyMap<string, string>;
}) {
  const { i18n } = useLingui();
  const label = useKeyLabel(names);
  // Breakdowns are of the whole period: region and carrier do not narrow them.
  const { region: _region, carrier: _carrier, ...period } = query;
  const body = { ...period, dimension, limit: 100 };
  const read = useCall('trafficTop', body);
  return (
    <Panel title={i18n._(dimensionLabels[dimension])} id={`stats-top-${dimension}`}>
      <ReadState read={read} empty={read.data?.rows.length === 0}>
        {read.data ? <TopTable dimension={dimension} result={read.data} label={label} /> : null}
      </ReadState>
    </Panel>
  );
}
