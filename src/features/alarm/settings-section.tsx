import { Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import type { SettingDeletion } from './delete-confirm';
import { SettingsTable, type SettingsTableProps } from './settings-table';
import type { AlarmSettings } from './use-alarm-settings';
import type { Enqueue } from './use-setting-draft';

/** What a tab of settings is given by the screen. */
export interface SettingsTabProps {
  settings: AlarmSettings;
  enqueue: Enqueue;
  /** Asks the user to confirm a deletion. */
  onDelete: (deletion: SettingDeletion) => void;
}

type Lead =
  /** A heading above the list, where a tab holds several lists. */
  | { title: string; intro?: undefined }
  /** A sentence about the list, where it is the tab's only one. */
  | { intro: string; title?: undefined };

export type SettingsSectionProps<T extends { id: string; name: string }> = Lead &
  Omit<SettingsTableProps<T>, 'onEdit' | 'onCopy' | 'onDelete'> &
  Pick<SettingsTabProps, 'onDelete'> & {
    createLabel: string;
    /** The create button in outline, for the second list of a tab. */
    secondary?: boolean;
    /** The dialog that creates (null) or edits a setting. */
    dialog: (setting: T | null, onClose: () => void) => ReactNode;
    /** The dialog that makes a new setting from one, where a setting can be copied. */
    copyDialog?: (source: T, onClose: () => void) => ReactNode;
    deleteCommand: SettingDeletion['command'];
    /** Shown under the list. */
    children?: ReactNode;
  };

/** A list of settings of one kind under its lead and create button, with their edit and delete. */
export function SettingsSection<T extends { id: string; name: string }>({
  title,
  intro,
  createLabel,
  secondary = false,
  dialog,
  copyDialog,
  deleteCommand,
  onDelete,
  children,
  ...table
}: SettingsSectionProps<T>) {
  // undefined: no dialog; null: a new setting.
  const [editing, setEditing] = useState<T | null | undefined>(undefined);
  const [copying, setCopying] = useState<T | undefined>(undefined);
  return (
    <Stack gap="3">
      <HStack justify="space-between">
        {title !== undefined ? (
          <Heading as="h2" size="sm">
            {title}
          </Heading>
        ) : (
          <Text fontSize="sm" color="fg.muted">
            {intro}
          </Text>
        )}
        <Button
          variant={secondary ? 'outline' : undefined}
          colorPalette={secondary ? undefined : 'blue'}
          size="sm"
          onClick={() => setEditing(null)}
        >
          {createLabel}
        </Button>
      </HStack>
      <SettingsTable
        {...table}
        onEdit={setEditing}
        onCopy={copyDialog ? setCopying : undefined}
        onDelete={(row) => onDelete({ command: deleteCommand, id: row.id, name: row.state.name })}
      />
      {children}
      {editing !== undefined ? dialog(editing, () => setEditing(undefined)) : null}
      {copying !== undefined && copyDialog ? copyDialog(copying, () => setCopying(undefined)) : null}
    </Stack>
  );
}
