import { Button, Checkbox, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useCall } from '../../sync/reads';
import { downloadUrl } from '../../ui/download';
import { formatDateTime } from '../../ui/format';
import { useSelection } from '../../ui/use-selection';
import { formatValue } from './metrics';
import { DataTable } from './data-table';
import { Panel } from './panel';
import { ReadState } from './read-state';

export function LogFiles({
  domainId,
  start,
  end,
  now,
  online,
}: {
  domainId: string;
  start: string;
  end: string;
  now: number;
  online: boolean;
}) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale === 'zh_CN' ? 'zh-CN' : 'en-US';
  const body = { domain_id: domainId, start, end };
  const read = useCall('logFiles', body);
  const { selected: chosen, select, selectMany, clear } = useSelection();
  const files = read.data?.files ?? [];
  const expired = read.data ? Date.parse(read.data.expires_at) <= now + 5_000 : false;
  const usable = online && !expired;
  const total = files.reduce((sum, f) => sum + f.size, 0);
  const size = formatValue(total, 'bytes', locale);
  const fileCount = files.length;
  const count = chosen.size;
  const until = read.data ? formatDateTime(read.data.expires_at) : '';

  /** Starts one download per chosen file, a moment apart (browsers allow several from one click). */
  const downloadChosen = async () => {
    for (const file of files.filter((f) => chosen.has(f.name))) {
      downloadUrl(file.url, file.name);
      await new Promise((resolve) => setTimeout(resolve, 400));
    }
  };

  return (
    <Panel
      title={t({ id: 'log.files', message: 'Log files' })}
      id="log-files"
      actions={
        <HStack gap="3" wrap="wrap">
          {read.data && files.length > 0 ? (
            <Text fontSize="sm" color={expired ? 'fg.warning' : 'fg.muted'}>
              {expired
                ? t({
                    id: 'log.link.expired',
                    message: 'The download link has expired. Refresh the list and download again.',
                  })
                : t({
                    id: 'log.link.until',
                    message: `Links work until ${until}`,
                  })}
            </Text>
          ) : null}
          {expired ? (
            <Button size="sm" variant="outline" disabled={!online} onClick={read.refetch}>
              {t({ id: 'log.link.renew', message: 'Renew links' })}
            </Button>
          ) : null}
          <Button
            size="sm"
            colorPalette="blue"
            disabled={!usable || chosen.size === 0}
            onClick={() => void downloadChosen()}
          >
            {t({ id: 'log.downloadChosen', message: `Download chosen (${count})` })}
          </Button>
        </HStack>
      }
    >
      <ReadState read={read} empty={files.length === 0}>
        <Stack gap="3">
          <Text fontSize="sm" color="fg.muted">
            {t({
              id: 'log.count',
              message: plural(fileCount, {
                one: `# file, ${size} compressed`,
                other: `# files, ${size} compressed`,
              }),
            })}
          </Text>
          <DataTable
            rows={files}
            rowKey={(file) => file.name}
            columns={[
              {
                header: (
                  <Checkbox.Root
                    size="sm"
                    checked={
                      chosen.size > 0 && chosen.size === files.length
                        ? true
                        : chosen.size > 0
                          ? 'indeterminate'
                          : false
                    }
                    onCheckedChange={(e) =>
                      e.checked === true
                        ? selectMany(
                            files.map((f) => f.name),
                            true,
                          )
                        : clear()
                    }
                  >
                    <Checkbox.HiddenInput
                      aria-label={t({ id: 'log.chooseAll', message: 'Choose every file' })}
                    />
                    <Checkbox.Control />
                  </Checkbox.Root>
                ),
                width: '40px',
                cell: ({ name }) => (
                  <Checkbox.Root
                    size="sm"
                    checked={chosen.has(name)}
                    onCheckedChange={(e) => select(name, e.checked === true)}
                  >
                    <Checkbox.HiddenInput aria-label={t({ id: 'log.choose', message: `Choose ${name}` })} />
                    <Checkbox.Control />
                  </Checkbox.Root>
                ),
              },
              { header: t({ id: 'log.hour', message: 'Hour' }), cell: (file) => formatDateTime(file.hour) },
              { header: t({ id: 'log.name', message: 'File' }), long: true, cell: (file) => file.name },
              {
                header: t({ id: 'log.size', message: 'Size' }),
                end: true,
                cell: (file) => formatValue(file.size, 'bytes', locale),
              },
              {
                header: t({ id: 'log.action', message: 'Action' }),
                cell: (file) =>
                  usable ? (
                    <Link href={file.url} download={file.name} color="fg.info">
                      {t({ id: 'log.download', message: 'Download' })}
                    </Link>
                  ) : (
                    <Text as="span" color="fg.muted">
                      {t({ id: 'log.download', message: 'Download' })}
                    </Text>
                  ),
              },
            ]}
          />
        </Stack>
      </ReadState>
    </Panel>
  );
}
