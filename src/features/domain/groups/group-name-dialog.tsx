import { Button, Field, Input } from '@chakra-ui/react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useRef, useState } from 'react';
import type { DomainGroup } from '../../../contract/domain';
import { limits } from '../../../contract/limits';
import { DialogFrame } from '../../../ui/dialog-frame';
import { groupNameMessages } from './group-messages';
import { checkGroupNameAmong } from './group-rules';

export interface GroupNameDialogProps {
  /** The group renamed; null to create one. */
  group: DomainGroup | null;
  /** The live groups: a name one of them has is refused here already. */
  groups: readonly DomainGroup[];
  onClose(): void;
  /** Queues the change; the dialog stays open with the name when it resolves false. */
  onSubmit(name: string): Promise<boolean>;
}

/** The name of a new group, or the new name of a group. */
export function GroupNameDialog({ group, groups, onClose, onSubmit }: GroupNameDialogProps) {
  const { t, i18n } = useLingui();
  const input = useRef<HTMLInputElement>(null);
  const [name, setName] = useState(group?.name ?? '');
  const [tried, setTried] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const issue = checkGroupNameAmong(name, groups, group?.id);
  const unchanged = group !== null && name.trim() === group.name;
  const shown = tried && issue ? i18n._(groupNameMessages[issue]) : null;
  const max = limits.domain.groupNameMax;
  const currentName = group?.name ?? '';

  async function submit() {
    setTried(true);
    if (issue || unchanged || submitting) return;
    setSubmitting(true);
    try {
      if (await onSubmit(name.trim())) onClose();
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <DialogFrame
      size="sm"
      initialFocusEl={() => input.current}
      title={
        group
          ? t({ id: 'domain.group.renameTitle', message: `Rename the group “${currentName}”` })
          : t({ id: 'domain.group.createTitle', message: 'New group' })
      }
      onClose={onClose}
      onSubmit={() => void submit()}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {t({ id: 'domain.group.cancel', message: 'Cancel' })}
          </Button>
          <Button type="submit" colorPalette="blue" loading={submitting} disabled={unchanged}>
            {t({ id: 'domain.group.save', message: 'Save' })}
          </Button>
        </>
      }
    >
      <Field.Root invalid={shown !== null} required>
        <Field.Label>
          {t({ id: 'domain.group.nameLabel', message: 'Group name' })}
          <Field.RequiredIndicator />
        </Field.Label>
        <Input
          ref={input}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          placeholder={t({
            id: 'domain.group.namePlaceholder',
            message: plural(max, { one: 'At most # character', other: 'At most # characters' }),
          })}
        />
        {shown ? <Field.ErrorText>{shown}</Field.ErrorText> : null}
      </Field.Root>
    </DialogFrame>
  );
}
