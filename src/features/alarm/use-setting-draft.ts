import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { z } from 'zod';
import { commandFor, type QueuedCommand } from '../../commands/queue';
import type { CommandName, PayloadOf } from '../../commands/registry';
import { textRuleMessages } from '../../ui/text-messages';
import { problemLabels } from './alarm-messages';

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

/** Puts a setting's change in the outbox, telling the user where it went; false when it was not saved. */
export interface Enqueue {
  (command: QueuedCommand, said: { online: string; offline: string }): Promise<boolean>;
}

/**
 * A setting's dialog: its draft, the rules' messages by field (shown at a save, each dropped when
 * its field changes), and the save through the outbox once the payload holds.
 */
export function useSettingDraft<D extends object, N extends CommandName>(options: {
  initial: () => D;
  /** The command's payload schema (its module's, or the same rules with the form's own messages). */
  schema: z.ZodType<PayloadOf<NoInfer<N>>>;
  /** The payload of a draft, when the draft's fields are not the payload's. */
  payload?: (draft: D) => unknown;
  command: N;
  enqueue: Enqueue;
  /** What the save says (`savedMessages`). */
  said: { online: MessageDescriptor; offline: MessageDescriptor };
  onSaved: () => void;
}) {
  const { i18n } = useLingui();
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
    const saved = await options.enqueue(commandFor(options.command, result.data), {
      online: i18n._(options.said.online),
      offline: i18n._(options.said.offline),
    });
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

/** What a setting's dialog needs of its draft to save it. */
export type SettingDraft = Pick<ReturnType<typeof useSettingDraft>, 'save' | 'saving'>;
