import { Alert, CloseButton, Drawer, Portal, Spinner, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { OutboxEntry } from '../../store';
import { heldBehindParked } from '../../store/projection';
import { useLiveQuery, useSyncRuntime, useSyncStatus } from '../../sync/react';
import { viewOf, type KindViews } from './command-views';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { notify } from '../../ui/toaster';
import { PendingItem, describeEntry } from './pending-item';
import { usePersisted } from './persistence';
import { countOutbox, syncDisplay } from './sync-display';
import { StatusNotice } from './status-notice';
import { useOnline } from '../../ui/use-online';

interface PendingPanelProps {
  open: boolean;
  onClose(): void;
  /** How each command is presented (the features' views, see `loadCommandViews`). */
  views: KindViews;
}

/**
 * The outbox in order (ARCHITECTURE.md, "The path of a configuration edit"): queued edits, and
 * the rejected and conflicting ones the user decides about. Nothing leaves it unseen: an edit
 * is discarded only after a confirmation.
 */
export function PendingPanel({ open, onClose, views }: PendingPanelProps) {
  const { t, i18n } = useLingui();
  const runtime = useSyncRuntime();
  const status = useSyncStatus();
  const online = useOnline();
  const persisted = usePersisted();
  const entries = useLiveQuery((rt) => rt.store.pending(), [], { onError: 'undefined' });
  const [discarding, setDiscarding] = useState<OutboxEntry | null>(null);
  const display = syncDisplay(online, runtime ? status : null, entries ? countOutbox(entries) : undefined);
  const held = heldBehindParked(entries ?? []);
  const atRisk = persisted === false && (entries?.length ?? 0) > 0;
  const change = discarding ? describeEntry(discarding, i18n) : '';

  const discard = (entry: OutboxEntry) => {
    setDiscarding(null);
    if (!runtime) return;
    runtime.store
      .discard(entry.seq)
      // The later edits of the item may go now.
      .then(() => runtime.engine.kick())
      .catch(() =>
        notify(
          'error',
          t({ id: 'sync.panel.actionFailed', message: 'The change could not be updated. Please try again.' }),
        ),
      );
  };

  let body;
  if (runtime && entries === undefined) {
    body = (
      <Spinner size="sm" color="blue.solid" aria-label={t({ id: 'shell.loading', message: 'Loading…' })} />
    );
  } else if (!entries || entries.length === 0) {
    body = (
      <Stack gap="1" py="8" textAlign="center">
        <Text fontWeight="medium">{t({ id: 'sync.panel.empty', message: 'No pending changes' })}</Text>
        <Text fontSize="sm" color="fg.muted">
          {t({
            id: 'sync.panel.emptyHint',
            message: 'Changes made while offline wait here until they are sent.',
          })}
        </Text>
      </Stack>
    );
  } else {
    body = (
      <Stack as="ol" gap="3" listStyleType="none">
        {entries.map((entry) => (
          <li key={entry.seq}>
            <PendingItem
              entry={entry}
              view={viewOf(views, entry)}
              held={held.has(entry.seq)}
              onDiscard={setDiscarding}
              onNavigate={onClose}
            />
          </li>
        ))}
      </Stack>
    );
  }

  return (
    <>
      <Drawer.Root
        open={open}
        onOpenChange={(e) => (e.open ? undefined : onClose())}
        placement="end"
        size="md"
      >
        <Portal>
          <Drawer.Backdrop />
          <Drawer.Positioner>
            <Drawer.Content>
              <Drawer.Header>
                <Drawer.Title>{t({ id: 'sync.panel.title', message: 'Pending changes' })}</Drawer.Title>
              </Drawer.Header>
              <Drawer.Body>
                <Stack gap="4">
                  <StatusNotice display={display} onRetryNow={() => runtime?.engine.kick({ fresh: true })} />
                  {atRisk ? (
                    <Alert.Root status="warning">
                      <Alert.Indicator />
                      <Alert.Content>
                        <Alert.Title>
                          {t({ id: 'sync.panel.atRiskTitle', message: 'Unsynced changes at risk' })}
                        </Alert.Title>
                        <Alert.Description>
                          {t({
                            id: 'sync.panel.atRisk',
                            message:
                              "The browser has not agreed to keep this site's data: when the device runs short of space, these changes may be cleared before they are sent.",
                          })}
                        </Alert.Description>
                      </Alert.Content>
                    </Alert.Root>
                  ) : null}
                  {body}
                </Stack>
              </Drawer.Body>
              <Drawer.CloseTrigger asChild>
                <CloseButton size="sm" aria-label={t({ id: 'common.action.close', message: 'Close' })} />
              </Drawer.CloseTrigger>
            </Drawer.Content>
          </Drawer.Positioner>
        </Portal>
      </Drawer.Root>
      <ConfirmDialog
        open={discarding !== null}
        title={t({ id: 'sync.discard.title', message: 'Discard this change?' })}
        message={t({
          id: 'sync.discard.message',
          message: `“${change}” will be removed from this device and never sent.`,
        })}
        confirmLabel={t({ id: 'sync.action.discard', message: 'Discard' })}
        cancelLabel={t({ id: 'common.action.cancel', message: 'Cancel' })}
        onConfirm={() => (discarding ? discard(discarding) : undefined)}
        onCancel={() => setDiscarding(null)}
      />
    </>
  );
}
