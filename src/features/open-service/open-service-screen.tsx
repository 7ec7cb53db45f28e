import { FormPageCard } from '../../ui/form-page-card';
import { Alert, Button, Checkbox, DataList, Link, Stack, Text } from '@chakra-ui/react';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { api, readHeaderInfo } from '../../api';
import { activationDefaults, headerInfoNames } from '../../contract';
import { activationMachine } from '../../machines';
import { useAppState } from '../../ui/app-state';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { notify } from '../../ui/toaster';
import { useOnline } from '../../ui/use-online';
import { DocumentDialog } from './document-dialog';

/** spec §7: productopen carries the header info saved at sign-in. */
function headerInfoHeaders(): Record<string, string> {
  const info = readHeaderInfo();
  if (!info) return {};
  return {
    [headerInfoNames.state]: info.state,
    [headerInfoNames.sessionState]: info.session_state,
    [headerInfoNames.code]: info.code,
  };
}

/** Enters the console afresh once the service is open. */
function enterConsole() {
  location.hash = '#/cdn';
  location.reload();
}

const messages = {
  agreementRequired: msg({
    id: 'openService.agreement.required',
    message: 'Please tick "I have read and agree to all of the CDN Service Agreement"',
  }),
  opened: msg({ id: 'openService.result.opened', message: 'Service opened successfully!' }),
};

const machine = activationMachine.provide({
  actors: {
    applyForService: fromPromise(async () => {
      const result = await api.call(
        'productOpen',
        // The machine applies only once the agreement is ticked (spec §5).
        { ...activationDefaults, agreement: true },
        { headers: headerInfoHeaders() },
      );
      return result.service_status === 'open' ? ('open' as const) : ('auditing' as const);
    }),
  },
  actions: {
    warnAgreement: () => notify('warning', i18n._(messages.agreementRequired)),
    openRealName: () => location.assign('/portal/realname'),
    announceOpened: () => {
      notify('success', i18n._(messages.opened));
      // Long enough for the confirmation to be read.
      setTimeout(enterConsole, 1500);
    },
  },
});

/** spec §2 activation page, driven by the activation machine (spec §4). */
export function OpenServiceScreen() {
  const { t } = useLingui();
  const { loginInfo, language, dict } = useAppState();
  const [agreementOpen, setAgreementOpen] = useState(false);
  const online = useOnline();

  const [snapshot, send] = useMachine(machine, {
    input: { serviceStatus: loginInfo?.service_status ?? 'not_open' },
  });
  const { agreed, billingOpen } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  const underReview = snapshot.matches('underReview');
  const opened = snapshot.matches('opened');
  const billingLabel =
    dict.billing_mode?.flow ?? t({ id: 'openService.form.billingFlow', message: 'Traffic billing' });
  const areaLabel = dict.area?.['1'] ?? t({ id: 'openService.form.areaMainland', message: 'China Mainland' });

  return (
    <FormPageCard
      titleId="open-service-title"
      title={t({ id: 'openService.form.title', message: 'Open the CDN service' })}
      intro={t({
        id: 'openService.form.intro',
        message:
          'Open the service to add accelerated domains and manage them in this console. The account must be real-name verified.',
      })}
      maxW="760px"
      after={
        <>
          <DocumentDialog
            open={billingOpen}
            onClose={() => send({ type: 'billing.close' })}
            title={t({ id: 'openService.billing.title', message: 'Traffic billing' })}
            name="billing"
            language={language}
          />
          <DocumentDialog
            open={agreementOpen}
            onClose={() => setAgreementOpen(false)}
            title={t({ id: 'openService.agreement.title', message: 'CDN Service Agreement' })}
            name="help"
            section="agreement"
            language={language}
          />
          <ConfirmDialog
            open={snapshot.matches('realNamePrompt')}
            title={t({ id: 'openService.realName.title', message: 'Real-name authentication' })}
            message={t({
              id: 'openService.realName.prompt',
              message: 'Your account is not real-name verified. Verify now?',
            })}
            confirmLabel={t({ id: 'common.action.yes', message: 'Yes' })}
            cancelLabel={t({ id: 'common.action.no', message: 'No' })}
            onConfirm={() => send({ type: 'realName.confirm' })}
            onCancel={() => send({ type: 'realName.cancel' })}
          />
          <ConfirmDialog
            open={snapshot.matches('realNameByHolder')}
            title={t({ id: 'openService.realName.title', message: 'Real-name authentication' })}
            message={t({
              id: 'openService.realName.byHolder',
              message:
                'This customer account is not real-name verified yet. Its holder must sign in and complete the real-name authentication before the service can be opened.',
            })}
            confirmLabel={t({ id: 'common.action.ok', message: 'OK' })}
            onConfirm={() => send({ type: 'realName.acknowledge' })}
            onCancel={() => send({ type: 'realName.acknowledge' })}
          />
          <ConfirmDialog
            open={snapshot.matches('auditPending')}
            title={t({ id: 'openService.audit.title', message: 'Application submitted' })}
            message={t({
              id: 'openService.audit.text',
              message: 'Your application has been submitted, please wait patiently for review',
            })}
            confirmLabel={t({ id: 'common.action.ok', message: 'OK' })}
            onConfirm={() => send({ type: 'audit.acknowledge' })}
            onCancel={() => send({ type: 'audit.acknowledge' })}
          />
        </>
      }
    >
      <Stack gap="5">
        {underReview ? (
          <Alert.Root status="info">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{t({ id: 'openService.review.title', message: 'Under review' })}</Alert.Title>
              <Alert.Description>
                {t({
                  id: 'openService.review.text',
                  message:
                    'Your application has been submitted and is under review. You will be able to use the console once it is approved.',
                })}
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : null}
        {opened ? (
          <Alert.Root status="success">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>
                {t({ id: 'openService.opened.title', message: 'The service is open' })}
              </Alert.Title>
            </Alert.Content>
          </Alert.Root>
        ) : null}
        <DataList.Root orientation="horizontal">
          <DataList.Item>
            <DataList.ItemLabel>
              {t({ id: 'openService.form.billingMode', message: 'Billing mode' })}
            </DataList.ItemLabel>
            <DataList.ItemValue>
              <Stack direction="row" gap="3" align="center" wrap="wrap">
                <span>{billingLabel}</span>
                <Link as="button" color="blue.fg" onClick={() => send({ type: 'billing.open' })}>
                  {t({ id: 'openService.form.billingDetails', message: 'Billing details' })}
                </Link>
              </Stack>
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>
              {t({ id: 'openService.form.area', message: 'Acceleration area' })}
            </DataList.ItemLabel>
            <DataList.ItemValue>{areaLabel}</DataList.ItemValue>
          </DataList.Item>
        </DataList.Root>
        <Stack gap="1">
          <Checkbox.Root
            checked={agreed}
            disabled={underReview || opened}
            onCheckedChange={(e) => send({ type: 'agreement.toggle', agreed: e.checked === true })}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>
              {t({
                id: 'openService.form.agreement',
                message: 'I have read and agree to all of the CDN Service Agreement',
              })}
            </Checkbox.Label>
          </Checkbox.Root>
          <Link
            as="button"
            color="blue.fg"
            fontSize="sm"
            ps="7"
            alignSelf="flex-start"
            onClick={() => setAgreementOpen(true)}
          >
            {t({ id: 'openService.form.readAgreement', message: 'Read the CDN Service Agreement' })}
          </Link>
        </Stack>
        <Stack gap="2" align="flex-start">
          {opened ? (
            <Button colorPalette="blue" onClick={enterConsole}>
              {t({ id: 'openService.opened.enter', message: 'Enter the console' })}
            </Button>
          ) : (
            <Button
              colorPalette="blue"
              loading={busy}
              disabled={underReview || !online}
              onClick={() => send({ type: 'form.submit' })}
            >
              {underReview
                ? t({ id: 'openService.form.underReview', message: 'Under review' })
                : t({ id: 'openService.form.apply', message: 'Apply to open' })}
            </Button>
          )}
          {online || underReview || opened ? null : (
            <Text fontSize="sm" color="fg.warning" role="status">
              {t({ id: 'openService.offline', message: 'Offline: applying needs the connection.' })}
            </Text>
          )}
        </Stack>
      </Stack>
    </FormPageCard>
  );
}
