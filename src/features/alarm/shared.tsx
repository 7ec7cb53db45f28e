import { Badge, Button, Field, HStack, Text } from '@chakra-ui/react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';
import type { z } from 'zod';
import type { AlarmIndicator, MonitorType } from '../../contract/alarm';
import type { pendingState } from '../../store';
import { textRuleMessages } from '../../ui/text-messages';
import { problemLabels } from './alarm-messages';

export const indicatorLabels: Record<AlarmIndicator, MessageDescriptor> = {
  bandwidth: msg({ id: 'alarm.ui.indicator.bandwidth', message: 'Bandwidth (Mbps)' }),
  flow: msg({ id: 'alarm.ui.indicator.flow', message: 'Traffic (MB)' }),
  requests: msg({ id: 'alarm.ui.indicator.requests', message: 'Requests' }),
  status4xxRate: msg({ id: 'alarm.ui.indicator.status4xxRate', message: '4xx rate (%)' }),
  status5xxRate: msg({ id: 'alarm.ui.indicator.status5xxRate', message: '5xx rate (%)' }),
  hitRate: msg({ id: 'alarm.ui.indicator.hitRate', message: 'Hit rate (%)' }),
  responseTime: msg({ id: 'alarm.ui.indicator.responseTime', message: 'Average response time (ms)' }),
};

export const monitorLabels: Record<MonitorType, MessageDescriptor> = {
  domain: msg({ id: 'alarm.ui.monitor.domain', message: 'Domains' }),
  account: msg({ id: 'alarm.ui.monitor.account', message: 'Whole account' }),
};

/** The first problem of each field of a payload, by its path, as the forms show them. */
export function problemsOf(result: z.ZodSafeParseResult<unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  if (result.success) return out;
  for (const issue of result.error.issues) {
    const path = issue.path.join('.');
    out[path] ??= issue.message;
  }
  return out;
}

/** A field's message in the user's language (a rule's id, or a server's text). */
export function useProblemText() {
  const { i18n } = useLingui();
  return (id: string | undefined) => {
    if (!id) return undefined;
    const label = problemLabels[id] ?? (textRuleMessages as Record<string, MessageDescriptor>)[id];
    return label ? i18n._(label) : id;
  };
}

export function FormField({
  label,
  error,
  helper,
  children,
  required = true,
}: {
  label: string;
  error?: string | undefined;
  helper?: string;
  children: ReactNode;
  required?: boolean;
}) {
  return (
    <Field.Root invalid={error !== undefined} required={required}>
      <Field.Label>
        {label}
        {required ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      {children}
      {helper && !error ? <Field.HelperText>{helper}</Field.HelperText> : null}
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
    </Field.Root>
  );
}

/** How a setting's change waits on this device, next to its name. */
export function QueuedBadge({ state }: { state: ReturnType<typeof pendingState> }) {
  const { t } = useLingui();
  if (!state) return null;
  if (state === 'queued')
    return (
      <Badge colorPalette="orange" ms="2">
        {t({ id: 'alarm.ui.pending', message: 'Pending sync' })}
      </Badge>
    );
  return (
    <Badge colorPalette="red" ms="2">
      {state === 'conflict'
        ? t({ id: 'alarm.ui.conflict', message: 'Conflict' })
        : t({ id: 'alarm.ui.rejected', message: 'Rejected' })}
    </Badge>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return (
    <Text textAlign="center" color="fg.muted" py="6">
      {children}
    </Text>
  );
}

/** The buttons of a setting's dialog: back out, or save (the dialog is a form). */
export function SaveFooter({ onCancel, saving = false }: { onCancel: () => void; saving?: boolean }) {
  const { t } = useLingui();
  return (
    <HStack>
      <Button variant="outline" onClick={onCancel}>
        {t({ id: 'alarm.ui.cancel', message: 'Cancel' })}
      </Button>
      <Button type="submit" colorPalette="blue" loading={saving}>
        {t({ id: 'alarm.ui.save', message: 'Save' })}
      </Button>
    </HStack>
  );
}

/** A setting's row actions: edit it, or delete it (after a confirmation the screen asks). */
export function RowActions({ onEdit, onDelete }: { onEdit: () => void; onDelete: () => void }) {
  const { t } = useLingui();
  return (
    <HStack gap="1">
      <Button size="xs" variant="ghost" onClick={onEdit}>
        {t({ id: 'alarm.ui.edit', message: 'Edit' })}
      </Button>
      <Button size="xs" variant="ghost" colorPalette="red" onClick={onDelete}>
        {t({ id: 'alarm.ui.delete', message: 'Delete' })}
      </Button>
    </HStack>
  );
}

/** Puts a setting's change in the outbox, telling the user where it went; false when it was not saved. */
export interface Enqueue {
  (
    name: string,
    payload: Record<string, unknown>,
    said: { online: string; offline: string },
  ): Promise<boolean>;
}

/**
 * A setting's dialog: its draft, the rules' messages by field (shown at a save, each dropped when
 * its field changes), and the save through the outbox once the payload holds.
 */
export function useSettingDraft<D extends object>(options: {
  initial: () => D;
  schema: z.ZodType;
  /** The payload of a draft, when the draft's fields are not the payload's. */
  payload?: (draft: D) => unknown;
  command: string;
  enqueue: Enqueue;
  said: { online: string; offline: string };
  onSaved: () => void;
}) {
  const problemText = useProblemText();
  const [draft, setDraft] = useState<D>(options.initial);
  const [shown, setShown] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const set = (change: Partial<D>) => {
    setDraft((d) => ({ ...d, ...change }));
    const keys = Object.keys(change);
    setShown((s) =>
      Object.fromEntries(
        Object.entries(s).filter(([path]) => !keys.some((k) => path === k || path.startsWith(`${k}.`))),
      ),
    );
  };
  const save = async () => {
    const result = options.schema.safeParse(options.payload ? options.payload(draft) : draft);
    setShown(problemsOf(result));
    if (!result.success) return;
    setSaving(true);
    const saved = await options.enqueue(
      options.command,
      result.data as Record<string, unknown>,
      options.said,
    );
    setSaving(false);
    if (saved) options.onSaved();
  };
  return {
    draft,
    set,
    save,
    saving,
    /** The message of a field (or of a part of it: `rules.0.threshold`), in the user's language. */
    error: (path: string) => problemText(shown[path]),
    /** Shows one message before any save (a step taken out of order). */
    show: (path: string, id: string) => setShown({ [path]: id }),
  };
}
