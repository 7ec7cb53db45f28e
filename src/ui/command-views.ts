import type { I18n } from '@lingui/core';
import type { ComponentType } from 'react';

/** The colour a row of a list is marked with while its changes wait, were refused, or conflict. */
export const pendingPalette = { queued: 'blue', rejected: 'red', conflict: 'orange' } as const;

/** A queued command as the pending-changes panel knows it: its name narrows its payload. */
export interface CommandLike {
  name: string;
  payload: unknown;
}

/** One row of a conflict shown side by side. */
export interface ComparedField {
  label: string;
  server: string;
  mine: string;
}

export interface CommandEditorProps<C extends CommandLike = CommandLike> {
  command: C;
  /** Saves the corrected command: it is queued again. */
  onSave(command: C): void;
  onCancel(): void;
}

/**
 * How a feature presents the commands of one kind of aggregate (`C`: those commands) in the
 * pending-changes panel; the line naming each edit is its command module's (`describe`). A new
 * command of a kind that has a view needs nothing here.
 */
export interface CommandView<C extends CommandLike = CommandLike> {
  /** A conflict side by side: the server's value and mine, per field. `current` is the server's state (null: gone). */
  compare(command: C, current: unknown, i18n: I18n): ComparedField[];
  /** A form to correct a rejected command; without it the panel offers retry and discard only. */
  Editor?: ComponentType<CommandEditorProps<C>>;
  /** The commands the `Editor` corrects (all of the kind when absent). */
  edits?: readonly C['name'][];
  /** The screen where the edited item lives. */
  href?(command: C): string;
}
