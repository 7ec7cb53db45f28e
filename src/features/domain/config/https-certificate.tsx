import { Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { ph } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useState } from 'react';
import { commandFor } from '../../../commands/queue';
import type { CertEntry } from '../../../contract/cert';
import type { SectionState } from '../../../contract/domain-config';
import { expiringSoon } from '../../../contract/rules/cert';
import { loadCertAssociation } from '../../cert';
import { useLiveQuery } from '../../../sync/react';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { formatDateTime } from '../../../ui/format';
import { notify } from '../../../ui/toaster';
import { useQueueChange } from './queue-change';

const DomainAssociation = lazy(() => loadCertAssociation().then((m) => ({ default: m.DomainAssociation })));

/**
 * The certificate in service of a domain's HTTPS section (spec §2): its name and expiry, the
 * association (the certificates' steps) and turning HTTPS off, which unlinks the certificate and
 * turns the other HTTPS switches off in one change, after confirmation (spec §4).
 */
export function HttpsCertificate({
  domain,
  https,
  readOnly,
}: {
  domain: { id: string; domain: string };
  https: SectionState<'domainHttps'>;
  readOnly: boolean;
}) {
  const { t } = useLingui();
  const { queue, failureText } = useQueueChange();
  const [associating, setAssociating] = useState(false);
  const [confirmOff, setConfirmOff] = useState(false);
  const certId = https.certificate_id;
  const cert = useLiveQuery(
    async ({ store }) => {
      if (!certId) return { entry: null };
      const rows = await store.aggregatesOf(['certificate'], certId);
      return { entry: (rows[0]?.data as CertEntry | undefined) ?? null };
    },
    [certId],
  );
  const turnOff = async () => {
    setConfirmOff(false);
    try {
      await queue(commandFor('domainHttps.off', { id: domain.id, shown_as: domain.domain }));
    } catch (error) {
      notify('error', failureText(error instanceof Error ? error.name : ''));
    }
  };
  const entry = cert?.entry ?? null;
  const soon = entry ? expiringSoon(new Date(entry.not_after), new Date()) : false;
  return (
    <Stack gap="3" borderTopWidth="1px" pt="3">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Stack gap="1">
          <Text fontWeight="semibold">
            {t({ id: 'domainConfig.https.certificate', message: 'Certificate in service' })}
          </Text>
          {certId ? (
            <HStack gap="2" wrap="wrap">
              <Text>{entry ? `${entry.name} · ${entry.names.join(', ')}` : certId}</Text>
              {entry ? (
                <Text fontSize="sm" color={soon ? 'fg.error' : 'fg.muted'}>
                  {t({
                    id: 'domainConfig.https.certUntil',
                    message: `Valid until ${ph({ time: formatDateTime(entry.not_after) })}`,
                  })}
                </Text>
              ) : null}
              {soon ? (
                <Badge colorPalette="red">
                  {t({ id: 'domainConfig.https.certSoon', message: 'Expiring soon' })}
                </Badge>
              ) : null}
            </HStack>
          ) : (
            <Text color="fg.muted">
              {t({ id: 'domainConfig.https.off', message: 'HTTPS is off: no certificate is associated.' })}
            </Text>
          )}
        </Stack>
        {readOnly ? null : (
          <HStack gap="2">
            <Button size="sm" variant="outline" onClick={() => setAssociating(true)}>
              {certId
                ? t({ id: 'domainConfig.https.changeCert', message: 'Change certificate' })
                : t({ id: 'domainConfig.https.associate', message: 'Associate a certificate' })}
            </Button>
            {certId ? (
              <Button size="sm" variant="outline" colorPalette="red" onClick={() => setConfirmOff(true)}>
                {t({ id: 'domainConfig.https.turnOff', message: 'Turn HTTPS off' })}
              </Button>
            ) : null}
          </HStack>
        )}
      </HStack>
      {associating ? (
        <Suspense fallback={null}>
          <DomainAssociation domainId={domain.id} onClose={() => setAssociating(false)} />
        </Suspense>
      ) : null}
      <ConfirmDialog
        open={confirmOff}
        title={t({ id: 'domainConfig.https.turnOffTitle', message: 'Turn HTTPS off?' })}
        message={t({
          id: 'domainConfig.https.turnOffMessage',
          message:
            'The certificate is unlinked from this domain (it is not deleted), and forced HTTPS, HSTS and HTTP/2 are turned off.',
        })}
        confirmLabel={t({ id: 'domainConfig.https.turnOff', message: 'Turn HTTPS off' })}
        cancelLabel={t({ id: 'common.action.cancel', message: 'Cancel' })}
        onConfirm={() => void turnOff()}
        onCancel={() => setConfirmOff(false)}
      />
    </Stack>
  );
}
