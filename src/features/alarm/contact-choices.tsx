import type { AlarmContact } from '../../contract/alarm';
import { Choices } from './choices';
import type { SettingRow } from './use-alarm-settings';

/** A checkbox for each contact, named with their role. */
export function ContactChoices({
  contacts,
  chosen,
  onChange,
}: {
  contacts: readonly SettingRow<AlarmContact>[];
  chosen: readonly string[];
  onChange: (contactIds: string[]) => void;
}) {
  return (
    <Choices
      size="sm"
      choices={contacts.map((row) => ({ value: row.id, label: `${row.state.name} · ${row.state.role}` }))}
      chosen={chosen}
      onChange={onChange}
    />
  );
}
