import { HStack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { api, isApiError } from '../../api';
import { auditPaths, type AuditExportBody } from '../../contract/users';
import { downloadBlob } from '../../ui/download';
import { ExportButtons as ExportControls, type ExportFormat } from '../../ui/export-buttons';
import { exportMessages } from './labels';
import type { AuditFilterBody } from './search';

export interface ExportButtonsProps {
  /** The list's filters, without its page. */
  filters: AuditFilterBody;
  /** How many entries match, when known: none to export is said without asking the server. */
  total: number | undefined;
  online: boolean;
}

/** Export to Excel or CSV (spec §8, §9: the newest 2000 entries at most), in the console's language. */
export function ExportButtons({ filters, total, online }: ExportButtonsProps) {
  const { i18n } = useLingui();
  const download = async (format: ExportFormat) => {
    const body: AuditExportBody = {
      ...filters,
      format,
      language: i18n.locale === 'en_US' ? 'en_US' : 'zh_CN',
    };
    // A refusal was shown already (spec §8 envelope handling).
    const file = await api.download(auditPaths.export, body).catch((error: unknown) => {
      if (isApiError(error)) return null;
      throw error;
    });
    if (file) downloadBlob(file.blob, file.fileName);
  };
  return (
    <HStack gap="2" wrap="wrap">
      <Text fontSize="xs" color="fg.muted">
        {i18n._(exportMessages.max)}
      </Text>
      <ExportControls
        online={online}
        nothing={total === 0 ? i18n._(exportMessages.empty) : null}
        download={download}
      />
    </HStack>
  );
}
