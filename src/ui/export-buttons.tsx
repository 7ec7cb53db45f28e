import { Button } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { notify } from './toaster';

export type ExportFormat = 'xlsx' | 'csv';

/**
 * Export to Excel or CSV (spec §8): with nothing to export, `nothing` is said without asking the
 * server; one export at a time, online only. `download` fetches and saves the file; a failure it
 * throws is said here.
 */
export function ExportButtons({
  online,
  nothing,
  download,
}: {
  online: boolean;
  /** The message when there is nothing to export, or null. */
  nothing: string | null;
  download: (format: ExportFormat) => Promise<void>;
}) {
  const { t } = useLingui();
  const [exporting, setExporting] = useState<ExportFormat | null>(null);
  const exportAs = async (format: ExportFormat) => {
    if (nothing !== null) return notify('warning', nothing);
    setExporting(format);
    try {
      await download(format);
    } catch (error) {
      notify('error', String(error));
    } finally {
      setExporting(null);
    }
  };
  return (
    <>
      {(['xlsx', 'csv'] as const).map((format) => (
        <Button
          key={format}
          size="sm"
          variant="outline"
          loading={exporting === format}
          disabled={!online || exporting !== null}
          onClick={() => void exportAs(format)}
        >
          {format === 'xlsx'
            ? t({ id: 'report.export.xlsx', message: 'Export Excel' })
            : t({ id: 'report.export.csv', message: 'Export CSV' })}
        </Button>
      ))}
    </>
  );
}
