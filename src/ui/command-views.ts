import type { I18n } from '@lingui/core';
import type { ComponentType } from 'react';

/** A queued command as the pending-changes panel knows it. */
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

export interface CommandEditorProps {
  command: CommandLike;
  /** Saves the edited payload: the command is queued again. */
  onSave(payload: unknown): void;
  onCancel(): void;
}

/**
 * How a feature presents its commands in the pending-changes panel. Adding a command to a
 * feature adds its view here; the panel itself does not change.
 */
export interface CommandView {
  /** One line naming the edit, e.g. "Ban 192.0.2.1". */
  describe(command: CommandLike, i18n: I18n): string;
  /** A conflict side by side: the server's value and mine, per field. `current` is the server's state (null: gone). */
  compare(command: CommandLike, current: unknown, i18n: I18n): ComparedField[];
  /** A form to correct a rejected command; without it the panel offers retry and discard only. */
  Editor?: ComponentType<CommandEditorProps>;
  /** The screen where the edited item lives. */
  href?(command: CommandLike): string;
}

export type CommandViews = Readonly<Record<string, CommandView>>;
