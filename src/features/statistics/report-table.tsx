import { Group, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useState } from 'react';
import { api, isApiError } from '../../api';
import { limits } from '../../contract/limits';
import { trafficPaths, type TopDimension, type TopOrder } from '../../contract/traffic';
import { useAppState } from '../../ui/app-state';
import { useCall } from '../../sync/reads';
import { downloadBlob } from '../../ui/download';
import { ExportButtons, type ExportFormat } from '../../ui/export-buttons';
import { PressedButton } from '../../ui/pressed-button';
import { dimensionLabels } from './labels';
import { statsMessages } from './messages';
import { useKeyLabel } from './parts';
import { ChartSpace } from './chart-space';
import { Panel } from './panel';
import { ReadState } from './read-state';
import { TopTable } from './top-table';
import type { BaseQuery } from './query';

const BarsChart = lazy(() => import('./charts').then((m) => ({ default: m.BarsChart })));

export function ReportTable({
  dimension,
  query,
  names,
  online,
}: {
  dimension: TopDimension;
  query: BaseQuery;
  names: ReadonlyMap<string, string>;
  online: boolean;
}) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale === 'zh_CN' ? 'zh-CN' : 'en-US';
  const label = useKeyLabel(names);
  const [mode, setMode] = useState<'list' | 'chart'>('list');
  // spec §6: an account with the top-URL-type permission may rank its top URLs by traffic.
  const { isTopUrlType } = useAppState();
  const rankable = dimension === 'url' && isTopUrlType;
  const [order, setOrder] = useState<TopOrder>('requests');
  const body = { ...query, dimension, order: rankable ? order : 'requests', limit: limits.exportRowsMax };
  const read = useCall('trafficTop', body);
  const rows = read.data?.rows ?? [];
  const title = i18n._(dimensionLabels[dimension]);

  const download = async (format: ExportFormat) => {
    const language = i18n.locale === 'en_US' ? 'en_US' : 'zh_CN';
    // A refusal was shown already (spec §8 envelope handling).
    const file = await api
      .download(trafficPaths.reportExport, { ...body, format, language })
      .catch((error: unknown) => {
        if (isApiError(error)) return null;
        throw error;
      });
    if (file) downloadBlob(file.blob, file.fileName);
  };

  return (
    <Panel
      title={title}
      id={`report-${dimension}`}
      actions={
        <HStack gap="2" wrap="wrap">
          {rankable ? (
            <NativeSelect.Root size="sm" width="auto">
              <NativeSelect.Field
                aria-label={t({ id: 'report.order', message: 'Rank by' })}
                value={order}
                onChange={(e) => setOrder(e.target.value === 'bytes' ? 'bytes' : 'requests')}
              >
                <option value="requests">
                  {t({ id: 'report.order.requests', message: 'Rank by requests' })}
                </option>
                <option value="bytes">{t({ id: 'report.order.bytes', message: 'Rank by traffic' })}</option>
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          ) : null}
          <Group attached>
            {(['list', 'chart'] as const).map((m) => (
              <PressedButton key={m} pressed={mode === m} onClick={() => setMode(m)}>
                {m === 'list'
                  ? t({ id: 'report.mode.list', message: 'List' })
                  : t({ id: 'report.mode.chart', message: 'Chart' })}
              </PressedButton>
            ))}
          </Group>
          <ExportButtons
            online={online}
            // spec §8: nothing to export says so, without asking the server.
            nothing={rows.length === 0 ? i18n._(statsMessages.exportEmpty) : null}
            download={download}
          />
        </HStack>
      }
    >
      <ReadState read={read} empty={rows.length === 0}>
        {read.data ? (
          <Stack gap="3">
            {dimension === 'sub_account' ? (
              <Text fontSize="xs" color="fg.muted">
                {t({
                  id: 'report.subAccount.hint',
                  message:
                    'Each sub-account counts the traffic of the domains its data permission reaches; a domain several sub-accounts reach counts for each.',
                })}
              </Text>
            ) : null}
            <Text fontSize="xs" color="fg.muted">
              {i18n._(statsMessages.exportMax)}
            </Text>
            {mode === 'chart' ? (
              <Suspense fallback={<ChartSpace height="240px" />}>
                <BarsChart
                  rows={rows.slice(0, 20).map((r) => ({
                    label: label(dimension, r.key),
                    value: body.order === 'bytes' ? r.bytes : r.requests,
                  }))}
                  unit={body.order === 'bytes' ? 'bytes' : 'count'}
                  locale={locale}
                  label={title}
                />
              </Suspense>
            ) : (
              <TopTable dimension={dimension} result={read.data} label={label} />
            )}
          </Stack>
        ) : null}
      </ReadState>
    </Panel>
  );
}
