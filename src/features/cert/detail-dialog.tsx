import { Button, DataList, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { isApiError } from '../../api';
import { useCall, withReads } from '../../sync/reads';
import { useReadAccounts } from '../../ui/app-state';
import { DialogFrame } from '../../ui/dialog-frame';
import { FormFailure } from '../../ui/form-failure';
import { formatDateTime } from '../../ui/format';
import { levelLabels, statusLabels, typeLabels } from './cert-messages';
import { certTypeOf } from '../../contract/rules/cert';
import type { CertRow } from './rows';

function Detail({
  id,
  row,
  online,
  onClose,
  onReplace,
  onDelete,
}: {
  id: string;
  row: CertRow | undefined;
  online: boolean;
  onClose: () => void;
  /** Replace it on all its domains, in one step. */
  onReplace: (row: CertRow) => void;
  /** Delete it (refused while domains use it). */
  onDelete: (row: CertRow) => void;
}) {
  const { t, i18n } = useLingui();
  // The serial and fingerprint, through the read layer: once read, they show offline too.
  const read = useCall('certDetail', { id });
  const detail = read.data ?? null;
  const failure =
    read.failed && online && isApiError(read.error) && !read.error.isNetworkError ? read.error.message : null;
  const cert = detail ?? row;
  const items: [string, string][] = cert
    ? [
        [t({ id: 'cert.col.name', message: 'Name' }), cert.name],
        [t({ id: 'cert.field.cn', message: 'Common name (CN)' }), cert.cn || '—'],
        [t({ id: 'cert.field.sans', message: 'Subject alternative names' }), cert.sans.join(', ') || '—'],
        [t({ id: 'cert.field.issuer', message: 'Issuer' }), cert.issuer],
        [t({ id: 'cert.field.type', message: 'Type' }), i18n._(typeLabels[certTypeOf(cert)])],
        [
          t({ id: 'cert.field.level', message: 'Level' }),
          cert.level ? i18n._(levelLabels[cert.level]) : t({ id: 'cert.level.none', message: 'Not stated' }),
        ],
        [t({ id: 'cert.col.algorithm', message: 'Algorithm' }), `${cert.algorithm} ${cert.key_size}`],
        [t({ id: 'cert.field.notBefore', message: 'Valid from' }), formatDateTime(cert.not_before)],
        [t({ id: 'cert.col.validity', message: 'Valid until' }), formatDateTime(cert.not_after)],
        [t({ id: 'cert.col.status', message: 'Status' }), i18n._(statusLabels[cert.status])],
        [
          t({ id: 'cert.col.domains', message: 'Associated domains' }),
          cert.domains.map((d) => d.domain).join(', ') || '—',
        ],
        [
          t({ id: 'cert.field.uploaded', message: 'Uploaded' }),
          `${formatDateTime(cert.created_at)} · ${cert.created_by}`,
        ],
        ...(detail
          ? ([
              [t({ id: 'cert.field.serial', message: 'Serial number' }), detail.serial],
              [t({ id: 'cert.field.fingerprint', message: 'SHA-256 fingerprint' }), detail.fingerprint256],
            ] as [string, string][])
          : []),
      ]
    : [];
  return (
    <DialogFrame
      size="lg"
      title={t({ id: 'cert.detail.title', message: 'Certificate details' })}
      onClose={onClose}
      footer={
        <>
          {row ? (
            <>
              <Button variant="outline" colorPalette="red" disabled={!online} onClick={() => onDelete(row)}>
                {t({ id: 'cert.action.delete', message: 'Delete' })}
              </Button>
              <Button variant="outline" disabled={row.domains.length === 0} onClick={() => onReplace(row)}>
                {t({ id: 'cert.action.replace', message: 'Replace on its domains' })}
              </Button>
            </>
          ) : null}
          <Button onClick={onClose}>{t({ id: 'common.action.close', message: 'Close' })}</Button>
        </>
      }
    >
      <Stack gap="4">
        <DataList.Root orientation="horizontal" size="sm">
          {items.map(([label, value]) => (
            <DataList.Item key={label}>
              <DataList.ItemLabel minW="160px">{label}</DataList.ItemLabel>
              <DataList.ItemValue wordBreak="break-all">{value}</DataList.ItemValue>
            </DataList.Item>
          ))}
        </DataList.Root>
        {detail ? (
          <Stack gap="1">
            <Text fontWeight="semibold">{t({ id: 'cert.detail.chain', message: 'Certificate chain' })}</Text>
            {detail.chain.map((link, i) => (
              <Text key={`${link.subject}-${i}`} fontSize="sm" wordBreak="break-all">
                {`${i + 1}. ${link.subject.replaceAll('\n', ', ')} ← ${link.issuer.replaceAll('\n', ', ')}`}
              </Text>
            ))}
          </Stack>
        ) : null}
        {!online ? (
          <Text fontSize="sm" color="fg.muted">
            {t({ id: 'cert.detail.offline', message: 'The chain is shown when you are online.' })}
          </Text>
        ) : null}
        <FormFailure failure={failure} />
      </Stack>
    </DialogFrame>
  );
}

/**
 * One certificate: what the list shows, and its chain, serial and fingerprint (the public parts
 * only: no call answers a private key).
 */
export const DetailDialog = withReads(Detail, useReadAccounts);
