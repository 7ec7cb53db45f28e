import { Button, Dialog, Field, Input, Portal, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useMachine } from '@xstate/react';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { fromPromise } from 'xstate';
import type { DomainEntry } from '../../../contract/domain';
import {
  domainLifecycleMachine,
  type LifecycleAction,
  type LifecycleRequest,
} from '../../../machines/domain-lifecycle.machine';
import { StoreFullError } from '../../../store';
import { useSyncRuntime } from '../../../sync/react';
import type { SyncRuntime } from '../../../sync/runtime';
import { notify } from '../../../ui/toaster';
import { useOnline } from '../../../ui/use-online';
import { actionCommand, renameCommand } from '../commands';
import { actionLabels, ruleMessage, specialConfigMessage, statusLabels } from '../domain-messages';

export interface Lifecycle {
  /** Asks for confirmation of an action on a domain, then queues it. */
  start(action: LifecycleAction, domain: DomainEntry): void;
  /** The dialog of the action under way: render it once, anywhere in the screen. */
  dialog: ReactNode;
}

/**
 * The lifecycle actions of a domain (hang up, recover, delete, rename) with their confirmations,
 * driven by `domainLifecycleMachine`. The edit is queued in the outbox: the screens show the
 * domain pending until the server answers, online or offline.
 */
export function useLifecycle(): Lifecycle {
  const { t, i18n } = useLingui();
  const runtime = useSyncRuntime();
  const online = useOnline();
  // The store may open after the first render: the queue reads it when an action is confirmed.
  const opened = useRef<SyncRuntime | null>(runtime);
  useEffect(() => {
    opened.current = runtime;
  }, [runtime]);

  // The ref is read inside the queue actor, which runs after a confirmation, never during render.
  // eslint-disable-next-line react-hooks/refs
  const [machine] = useState(() =>
    domainLifecycleMachine.provide({
      actors: {
        queue: fromPromise<void, LifecycleRequest>(async ({ input }) => {
          const current = opened.current;
          if (!current) throw new Error('The store is not open');
          const target = { id: input.domain.id, domain: input.domain.domain };
          await current.enqueue(
            input.action === 'rename'
              ? renameCommand(target, input.newName ?? '')
              : actionCommand(input.action, target),
          );
        }),
      },
    }),
  );
  const [snapshot, send] = useMachine(machine);
  const { context } = snapshot;

  useEffect(() => send({ type: 'connectivity', online }), [online, send]);

  // Once queued: say so, and whether it waits for the connection.
  const announced = useRef<unknown>(null);
  useEffect(() => {
    if (!snapshot.matches('done') || announced.current === context.domain) return;
    announced.current = context.domain;
    notify(
      'success',
      context.queuedOffline
        ? t({
            id: 'domain.lifecycle.queuedOffline',
            message: 'Saved on this device. It runs when the connection returns.',
          })
        : t({
            id: 'domain.lifecycle.queued',
            message: 'Submitted. The list shows it as pending until the server confirms.',
          }),
    );
  }, [snapshot, context.domain, context.queuedOffline, t]);

  const start = useCallback(
    (action: LifecycleAction, domain: DomainEntry) => {
      announced.current = null;
      send({ type: 'start', action, domain, online: navigator.onLine });
    },
    [send],
  );

  const domain = context.domain?.domain ?? '';
  const action = context.action ?? 'hangUp';
  const cancel = () => send({ type: 'cancel' });
  const busy = snapshot.matches('queueing');

  const confirmations: Record<LifecycleAction, { title: string; body: string; confirm: string }> = {
    hangUp: {
      title: t({ id: 'domain.lifecycle.hangUp.title', message: `Suspend ${domain}?` }),
      body: t({
        id: 'domain.lifecycle.hangUp.body',
        message:
          'While suspended, the domain is not accelerated: requests are no longer served by CDN. Its configuration is kept, and you can resume it at any time.',
      }),
      confirm: i18n._(actionLabels.hangUp),
    },
    recover: {
      title: t({ id: 'domain.lifecycle.recover.title', message: `Resume ${domain}?` }),
      body: t({
        id: 'domain.lifecycle.recover.body',
        message: 'The domain is accelerated again with its configuration.',
      }),
      confirm: i18n._(actionLabels.recover),
    },
    delete: {
      title: t({ id: 'domain.lifecycle.delete.title', message: `Delete ${domain}?` }),
      body: t({
        id: 'domain.lifecycle.delete.body',
        message:
          'The domain stops being accelerated at once and its configuration is removed. This cannot be undone. Point its DNS record back at your origin first.',
      }),
      confirm: i18n._(actionLabels.delete),
    },
    rename: {
      title: t({ id: 'domain.lifecycle.rename.title', message: `Rename ${domain}` }),
      body: t({
        id: 'domain.lifecycle.rename.body',
        message:
          'The domain keeps its configuration and gets a new CNAME for its new name: update the DNS record afterwards.',
      }),
      confirm: i18n._(actionLabels.rename),
    },
  };

  const nameError =
    context.nameProblem === 'domain.rename.same'
      ? t({ id: 'domain.rename.same', message: 'The new domain is the same as the current one' })
      : context.nameProblem
        ? i18n._(ruleMessage(context.nameProblem) ?? actionLabels.rename)
        : null;

  let dialog: ReactNode = null;
  if (snapshot.matches('refused')) {
    const status = context.domain ? i18n._(statusLabels[context.domain.status]) : '';
    dialog = (
      <LifecycleDialog
        title={i18n._(actionLabels[action])}
        onClose={cancel}
        footer={<Button onClick={cancel}>{t({ id: 'domain.lifecycle.ok', message: 'OK' })}</Button>}
      >
        <Text>
          {context.refusal === 'domain.rule.specialConfig'
            ? i18n._(specialConfigMessage)
            : t({
                id: 'domain.lifecycle.notAllowed',
                message: `This action is not available while the domain is ${status}.`,
              })}
        </Text>
      </LifecycleDialog>
    );
  } else if (snapshot.matches('confirmingOffline')) {
    dialog = (
      <LifecycleDialog
        title={t({ id: 'domain.lifecycle.offline.title', message: 'You are offline' })}
        onClose={cancel}
        footer={
          <>
            <Button variant="outline" onClick={cancel}>
              {t({ id: 'domain.lifecycle.cancel', message: 'Cancel' })}
            </Button>
            <Button colorPalette="red" onClick={() => send({ type: 'confirmOffline' })}>
              {t({ id: 'domain.lifecycle.offline.confirm', message: 'Delete when back online' })}
            </Button>
          </>
        }
      >
        <Text>
          {t({
            id: 'domain.lifecycle.offline.body',
            message: `${domain} will be deleted when the connection returns, even if you close this page. You can still discard the deletion in the pending changes until then.`,
          })}
        </Text>
      </LifecycleDialog>
    );
  } else if (snapshot.matches('confirming') || snapshot.matches('queueing') || snapshot.matches('failed')) {
    const c = confirmations[action];
    dialog = (
      <LifecycleDialog
        title={c.title}
        onClose={busy ? () => undefined : cancel}
        footer={
          <>
            <Button variant="outline" onClick={cancel} disabled={busy}>
              {t({ id: 'domain.lifecycle.cancel', message: 'Cancel' })}
            </Button>
            <Button
              colorPalette={action === 'delete' || action === 'hangUp' ? 'red' : 'blue'}
              loading={busy}
              onClick={() => send({ type: 'confirm' })}
            >
              {c.confirm}
            </Button>
          </>
        }
      >
        <Stack gap="3">
          <Text>{c.body}</Text>
          {action === 'rename' ? (
            <Field.Root invalid={nameError !== null}>
              <Field.Label>{t({ id: 'domain.lifecycle.rename.label', message: 'New domain' })}</Field.Label>
              <Input
                value={context.newName}
                onChange={(e) => send({ type: 'name.change', value: e.target.value })}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') send({ type: 'confirm' });
                }}
              />
              {nameError ? <Field.ErrorText>{nameError}</Field.ErrorText> : null}
            </Field.Root>
          ) : null}
          {snapshot.matches('failed') ? (
            <Text color="red.600" role="alert">
              {context.failure instanceof StoreFullError
                ? t({
                    id: 'domain.lifecycle.storeFull',
                    message: 'This device has no room to save the change. Free some space and try again.',
                  })
                : t({
                    id: 'domain.lifecycle.saveFailed',
                    message: 'The change could not be saved. Try again.',
                  })}
            </Text>
          ) : null}
        </Stack>
      </LifecycleDialog>
    );
  }
  return { start, dialog };
}

function LifecycleDialog(props: { title: string; children: ReactNode; footer: ReactNode; onClose(): void }) {
  return (
    <Dialog.Root open role="alertdialog" onOpenChange={(e) => (e.open ? undefined : props.onClose())}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{props.title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{props.children}</Dialog.Body>
            <Dialog.Footer>{props.footer}</Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
