import { Alert, Badge, Button, Checkbox, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { ph } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { commandFor } from '../../commands/queue';
import type { DomainEntry } from '../../contract/domain';
import {
  certAssociationMachine,
  coveredDomains,
  type AssociationCert,
  type AssociationDomain,
} from '../../machines';
import { StoreFullError } from '../../store';
import { useLiveQuery, useSyncRuntime } from '../../sync/react';
import { useCall, withReads } from '../../sync/reads';
import { useReadAccounts } from '../../ui/app-state';
import { DialogFrame } from '../../ui/dialog-frame';
import { formatDateTime } from '../../ui/format';
import { notify } from '../../ui/toaster';
import { useOnline } from '../../ui/use-online';
import { certRuleMessages } from './cert-messages';
import type { CertRow } from './rows';

/** The account's live domains: the stored domain list, or (never read here) the server's names. */
function useLiveDomains(certs: readonly CertRow[]): AssociationDomain[] | undefined {
  const stored = useLiveQuery(({ store }) => store.snapshotsOf('domain'), []);
  const needFetch = stored !== undefined && stored.length === 0;
  // The domain list never read on this device: the server's names, through the read layer.
  const names = useCall('domainNames', undefined, { enabled: needFetch });
  const fetched = names.data?.lists ?? null;
  const settled = fetched !== null || names.failed;
  return useMemo(() => {
    if (!stored) return undefined;
    // The names are awaited; when they cannot be read (offline, never read), none are offered.
    if (needFetch && !settled) return undefined;
    const certOf = new Map(certs.flatMap((cert) => cert.domains.map((d) => [d.id, cert.id] as const)));
    const rows = needFetch ? (fetched ?? []) : stored.map((row) => row.data as DomainEntry);
    return rows
      .filter((d) => d.status !== 'deleted')
      .map((d) => ({ id: d.id, domain: d.domain, certificate_id: certOf.get(d.id) ?? null }))
      .sort((a, b) => a.domain.localeCompare(b.domain));
  }, [stored, fetched, needFetch, settled, certs]);
}

export interface AssociateDialogProps {
  certs: readonly CertRow[];
  /** Opened from a certificate: it is chosen. */
  certId?: string;
  /** Opened from a domain, or to replace a certificate on its domains: these are chosen. */
  domainIds?: string[];
  /** Replacing: the certificate being replaced is not offered. */
  replacing?: string;
  onClose: () => void;
}

/**
 * Associates a certificate with domains, step by step (`certAssociationMachine`): the certificate,
 * the domains it covers, a confirmation, then one association per domain queued together, online
 * or not.
 */
export const AssociateDialog = withReads(function AssociateDialog(props: AssociateDialogProps) {
  const domains = useLiveDomains(props.certs);
  const runtime = useSyncRuntime();
  if (!domains || !runtime) return null;
  return <AssociationSteps {...props} domains={domains} />;
}, useReadAccounts);

function AssociationSteps({
  certs,
  certId,
  domainIds,
  replacing,
  onClose,
  domains,
}: AssociateDialogProps & { domains: AssociationDomain[] }) {
  const { t, i18n } = useLingui();
  const runtime = useSyncRuntime();
  const online = useOnline();
  const offered: AssociationCert[] = certs.filter((c) => c.id !== replacing);
  const [openedAt] = useState(() => Date.now());
  const [state, send] = useMachine(certAssociationMachine, {
    input: {
      certs: offered,
      domains,
      ...(certId ? { certId } : {}),
      ...(domainIds ? { domainIds } : {}),
      now: openedAt,
      async queue(cert, chosen) {
        if (!runtime) throw new Error('The store is not open');
        await runtime.enqueueMany(
          chosen.map((d) =>
            commandFor('domainHttps.associate', {
              id: d.id,
              certificate_id: cert.id,
              shown_as: d.domain,
              cert_name: cert.name.slice(0, 100),
            }),
          ),
        );
      },
    },
  });
  const { context } = state;
  useEffect(() => {
    if (state.matches('done')) {
      notify(
        'success',
        online
          ? t({ id: 'cert.associate.queued', message: 'Saved. The association applies in a moment.' })
          : t({
              id: 'cert.associate.queuedOffline',
              message: 'Saved on this device; it will be sent when you are back online.',
            }),
      );
      onClose();
    }
    if (state.matches('cancelled')) onClose();
  }, [state, online, onClose, t]);

  const steps = [
    t({ id: 'cert.associate.step.cert', message: 'Choose the certificate' }),
    t({ id: 'cert.associate.step.domains', message: 'Choose the domains' }),
    t({ id: 'cert.associate.step.confirm', message: 'Confirm' }),
  ];
  const step = state.matches('choosingCert') ? 0 : state.matches('choosingDomains') ? 1 : 2;
  const problemText = {
    expired: i18n._(certRuleMessages['cert.expiredAssociate']!),
    notCovered: i18n._(certRuleMessages['cert.domainNotFound']!),
    noneChosen: t({ id: 'cert.associate.noneChosen', message: 'Choose at least one domain' }),
    noCert: t({ id: 'cert.associate.noCert', message: 'Choose a certificate' }),
  };
  const covered = context.cert ? new Set(coveredDomains(context.cert, domains).map((d) => d.id)) : new Set();
  const byId = new Map(domains.map((d) => [d.id, d]));
  // The domains the certificate covers first, then the others (they can be chosen, and are refused).
  const ordered = [...domains.filter((d) => covered.has(d.id)), ...domains.filter((d) => !covered.has(d.id))];
  const certName = (id: string | null) => certs.find((c) => c.id === id)?.name ?? '';

  const body = () => {
    if (state.matches('choosingCert'))
      return (
        <Stack gap="3">
          <NativeSelect.Root>
            <NativeSelect.Field
              aria-label={steps[0]}
              value={context.cert?.id ?? ''}
              onChange={(e) => send({ type: 'cert.choose', id: e.target.value })}
            >
              <option value="">{problemText.noCert}</option>
              {offered.map((cert) => (
                <option key={cert.id} value={cert.id}>
                  {`${cert.name} · ${cert.names.join(', ')} · ${formatDateTime(cert.not_after)}`}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          {context.chosen.length > 0 ? (
            <Text fontSize="sm" color="fg.muted">
              {t({ id: 'cert.associate.forDomains', message: 'For:' })}{' '}
              {context.chosen.map((id) => byId.get(id)?.domain ?? id).join(', ')}
            </Text>
          ) : null}
        </Stack>
      );
    if (state.matches('choosingDomains'))
      return (
        <Stack gap="2" maxH="50vh" overflowY="auto">
          <Text fontSize="sm" color="fg.muted">
            {t({
              id: 'cert.associate.coverHint',
              message: 'Only domains its CN or SANs cover can be associated; a wildcard covers one label.',
            })}
          </Text>
          {domains.length === 0 ? (
            <Text>{t({ id: 'cert.associate.noDomains', message: 'The account has no domains yet.' })}</Text>
          ) : null}
          {ordered.map((d) => {
            const checked = context.chosen.includes(d.id);
            const already = d.certificate_id !== null && d.certificate_id === context.cert?.id;
            return (
              <Checkbox.Root
                key={d.id}
                checked={checked || already}
                disabled={already}
                onCheckedChange={(e) =>
                  send({
                    type: 'domains.set',
                    ids: e.checked ? [...context.chosen, d.id] : context.chosen.filter((id) => id !== d.id),
                  })
                }
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>
                  <HStack gap="2" wrap="wrap">
                    <Text>{d.domain}</Text>
                    {!covered.has(d.id) ? (
                      <Badge colorPalette="gray">
                        {t({ id: 'cert.associate.notCovered', message: 'Not covered' })}
                      </Badge>
                    ) : null}
                    {already ? (
                      <Badge colorPalette="green">
                        {t({ id: 'cert.associate.already', message: 'Associated' })}
                      </Badge>
                    ) : null}
                    {d.certificate_id && !already ? (
                      <Badge colorPalette="orange">
                        {t({
                          id: 'cert.associate.replaces',
                          message: `Replaces ${ph({ cert: certName(d.certificate_id) })}`,
                        })}
                      </Badge>
                    ) : null}
                  </HStack>
                </Checkbox.Label>
              </Checkbox.Root>
            );
          })}
        </Stack>
      );
    return (
      <Stack gap="2">
        <Text>
          {t({
            id: 'cert.associate.confirmText',
            message: `Associate ${ph({ cert: context.cert?.name ?? '' })} with these domains? Their HTTPS settings serve it once applied.`,
          })}
        </Text>
        <Stack as="ul" gap="1" ps="5">
          {context.chosen.map((id) => (
            <li key={id}>{byId.get(id)?.domain ?? id}</li>
          ))}
        </Stack>
        {context.failure ? (
          <Text color="fg.error" role="alert">
            {context.failure === StoreFullError.name
              ? t({
                  id: 'domainConfig.storageFull',
                  message: 'The device storage is full: the change was not saved.',
                })
              : t({
                  id: 'domainConfig.notSaved',
                  message: 'The change could not be saved. Please try again.',
                })}
          </Text>
        ) : null}
      </Stack>
    );
  };

  return (
    <DialogFrame
      size="lg"
      title={t({ id: 'cert.associate.title', message: 'Associate domains' })}
      onClose={() => send({ type: 'cancel' })}
      footer={
        <>
          {step > 0 ? (
            <Button variant="outline" onClick={() => send({ type: 'step.back' })}>
              {t({ id: 'common.action.back', message: 'Back' })}
            </Button>
          ) : null}
          {step < 2 ? (
            <Button colorPalette="blue" onClick={() => send({ type: 'step.next' })}>
              {t({ id: 'common.action.next', message: 'Next' })}
            </Button>
          ) : (
            <Button
              colorPalette="blue"
              loading={state.matches('applying')}
              onClick={() => send({ type: 'confirm' })}
            >
              {t({ id: 'cert.associate.apply', message: 'Associate' })}
            </Button>
          )}
        </>
      }
    >
      <Stack gap="4">
        <HStack as="ol" gap="3" wrap="wrap" aria-label={t({ id: 'cert.associate.steps', message: 'Steps' })}>
          {steps.map((label, i) => (
            <Badge
              as="li"
              key={label}
              colorPalette={i === step ? 'blue' : 'gray'}
              variant={i === step ? 'solid' : 'subtle'}
              aria-current={i === step ? 'step' : undefined}
            >
              {`${i + 1}. ${label}`}
            </Badge>
          ))}
        </HStack>
        {body()}
        {context.problem ? (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>{problemText[context.problem]}</Alert.Title>
          </Alert.Root>
        ) : null}
        {context.problem === 'notCovered' ? (
          <Text fontSize="sm" color="fg.muted">
            {context.refused.map((id) => byId.get(id)?.domain ?? id).join(', ')}
          </Text>
        ) : null}
      </Stack>
    </DialogFrame>
  );
}
