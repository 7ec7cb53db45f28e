import { Alert, Button, Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { ph } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useMachine } from '@xstate/react';
import { useState, type ComponentType, type ReactNode } from 'react';
import {
  configSections,
  contentOf,
  type SectionContent,
  type SectionKind,
} from '../../../contract/domain-config';
import { configEditMachine } from '../../../machines/config-edit.machine';
import { pendingState } from '../../../store';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { DialogFrame } from '../../../ui/dialog-frame';
import { formatDateTime } from '../../../ui/format';
import { useOnline } from '../../../ui/use-online';
import { PendingBadge } from '../detail/pending-badge';
import { sectionTitles } from './config-messages';
import { diffConfig, type ConfigChange } from './diff';
import { EditActions } from './edit-actions';
import { issuesByPath, type Issues } from './fields';
import { useQueueChange } from './queue-change';
import type { SectionProjection } from './use-domain-config';
import { sectionSetCommand } from '../commands';
import { ChangesTable } from './changes-table';

/** What a section's form edits: its content, with what is wrong in it. */
export interface SectionFormProps<K extends SectionKind> {
  value: SectionContent<K>;
  onChange(next: SectionContent<K>): void;
  /** Turning a switch off goes through this (spec §4: asked first, it clears the settings). */
  onSwitchOff(next: SectionContent<K>): void;
  issues: Issues;
  disabled?: boolean;
}

export interface SectionCardProps<K extends SectionKind> {
  kind: K;
  /** The domain: its id and name (the pending-changes list names it). */
  domain: { id: string; domain: string };
  section: SectionProjection<K>;
  /** A special configuration (spec §6): shown, not editable. */
  readOnly: boolean;
  View: ComponentType<{ value: SectionContent<K> }>;
  Form: ComponentType<SectionFormProps<K>>;
  /** Extra content under the values (the certificate's association, a helper). */
  extra?: ReactNode;
}

type Check<K extends SectionKind> = (
  draft: SectionContent<K>,
) => { content: SectionContent<K> } | { issues: { path: string; message_id: string }[] };

/**
 * One section of a domain's configuration (spec §2): its values with an Edit; the edit reviewed
 * field by field before it is applied, then queued like every edit (offline too), the section
 * marked while it waits. Driven by `configEditMachine`.
 */
export function SectionCard<K extends SectionKind>({
  kind,
  domain,
  section,
  readOnly,
  View,
  Form,
  extra,
}: SectionCardProps<K>) {
  const { t, i18n } = useLingui();
  const online = useOnline();
  const changes = useQueueChange();
  const [machine] = useState(() => configEditMachine<SectionContent<K>>());
  const [snapshot, send] = useMachine(machine);
  const title = i18n._(sectionTitles[kind]);
  const current = contentOf(section.state) as SectionContent<K>;
  const pending = pendingState(section.pending);
  const check: Check<K> = (draft) => {
    const parsed = configSections[kind].content.safeParse(draft);
    if (parsed.success) return { content: parsed.data as SectionContent<K> };
    return {
      issues: parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message_id: issue.message })),
    };
  };
  const queue = (content: SectionContent<K>) =>
    changes.queue(sectionSetCommand(kind, { id: domain.id, content, shown_as: domain.domain }));
  const reviewed = snapshot.context.reviewed;
  const diff: ConfigChange[] = reviewed ? diffConfig(current, reviewed) : [];
  const editing = !snapshot.matches('viewing');

  return (
    <Card.Root id={`section-${kind}`}>
      <Card.Header>
        <HStack justify="space-between" wrap="wrap" gap="2">
          <HStack gap="2">
            <Heading size="md">{title}</Heading>
            {pending ? <PendingBadge state={pending} /> : null}
          </HStack>
          {!editing ? (
            <Button
              size="sm"
              variant="outline"
              disabled={readOnly}
              onClick={() => send({ type: 'section.edit', initial: structuredClone(current) })}
            >
              {t({ id: 'domainConfig.edit', message: 'Edit' })}
            </Button>
          ) : null}
        </HStack>
        <Text fontSize="sm" color="fg.muted">
          {section.state.version === 0
            ? t({ id: 'domainConfig.defaults', message: 'Default settings' })
            : t({
                id: 'domainConfig.lastChange',
                message: `Version ${ph({ version: section.state.version })} · ${ph({ time: formatDateTime(section.state.updated_at) })} · ${ph({ operator: section.state.updated_by })}`,
              })}
        </Text>
      </Card.Header>
      <Card.Body>
        {editing && snapshot.context.draft ? (
          <Stack gap="4">
            {snapshot.context.failure ? (
              <Alert.Root status="error">
                <Alert.Indicator />
                <Alert.Title>{changes.failureText(snapshot.context.failure)}</Alert.Title>
              </Alert.Root>
            ) : null}
            <Form
              value={snapshot.context.draft}
              onChange={(draft) => send({ type: 'form.change', draft })}
              onSwitchOff={(draft) => send({ type: 'switch.off', draft })}
              issues={issuesByPath(snapshot.context.issues)}
            />
            <EditActions
              invalid={snapshot.context.issues.length > 0}
              onReview={() => send({ type: 'form.review', check })}
              onCancel={() => send({ type: 'form.cancel' })}
            />
          </Stack>
        ) : (
          <Stack gap="3">
            <View value={current} />
            {extra}
          </Stack>
        )}
      </Card.Body>
      {snapshot.matches('reviewing') || snapshot.matches('applying') ? (
        <DialogFrame
          size="lg"
          title={t({ id: 'domainConfig.reviewTitle', message: `Review the changes: ${title}` })}
          onClose={() => send({ type: 'form.back' })}
          footer={
            <>
              <Button variant="outline" onClick={() => send({ type: 'form.back' })}>
                {t({ id: 'domainConfig.back', message: 'Back to editing' })}
              </Button>
              <Button
                colorPalette="blue"
                disabled={diff.length === 0}
                loading={snapshot.matches('applying')}
                onClick={() => send({ type: 'form.apply', queue })}
              >
                {t({ id: 'domainConfig.apply', message: 'Apply' })}
              </Button>
            </>
          }
        >
          <ChangesTable changes={diff} />
          {!online ? (
            <Text mt="3" fontSize="sm" color="fg.muted">
              {t({
                id: 'domainConfig.offlineNote',
                message:
                  'You are offline: the change is kept on this device and sent when you are back online.',
              })}
            </Text>
          ) : null}
        </DialogFrame>
      ) : null}
      <ConfirmDialog
        open={snapshot.matches('confirmingOff')}
        title={t({ id: 'domainConfig.offTitle', message: 'Turn this off?' })}
        message={t({
          id: 'domainConfig.offMessage',
          message: 'Turning it off clears its settings. They are removed when you apply the change.',
        })}
        confirmLabel={t({ id: 'domainConfig.offConfirm', message: 'Turn off' })}
        cancelLabel={t({ id: 'domainConfig.cancel', message: 'Cancel' })}
        onConfirm={() => send({ type: 'switch.confirm' })}
        onCancel={() => send({ type: 'switch.cancel' })}
      />
    </Card.Root>
  );
}
