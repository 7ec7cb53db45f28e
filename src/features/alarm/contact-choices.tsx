import type { AlarmContact } from '../../contract/alarm';
import { Choices } from './choices';
import type { SettingRow } from './use-alarm-settings';

/** The part of a setting's draft (`useSettingDraft`) that holds its contacts. */
interface DraftWithContacts {
  draft: { contact_ids: readonly string[] };
  set: (change: { contact_ids: string[] }) => void;
}

/** A checkbox for each contact, named with their role, choosing the draft's contacts. */
export function ContactChoices({
  contacts,
  form,
}: {
  contacts: readonly SettingRow<AlarmContact>[];
  form: DraftWithContacts;
}) {
  return (
    <Choices
      size="sm"
      choices={contacts.map((row) => ({ value: row.id, label: `${row.state.name} · ${row.state.role}` }))}
      chosen={form.draft.contact_ids}
      onChange={(ids) => form.set({ contact_ids: ids })}
    />
  );
}
