import { Alert, Stack, Text } from '@chakra-ui/react';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useAppState } from '../../ui/app-state';
import { notify } from '../../ui/toaster';
import type { MenuGroup } from './menu-tree';
import { ownerOptions } from './owners';
import { PermissionEditor } from './permission-editor';
import { SaveActions } from './save-actions';
import { permissionBody, permissionsOf, samePermissions, type PermissionDraft } from './permissions';
import { useChildren, useUserCall } from './use-reads';
import { refusalOf } from './validate';
import { useReadBase } from './use-field-form';
import { OfflineNote } from './offline-note';

/** The permissions of a sub-account as read, to edit and save as a whole. */
export function PermissionsForm({
  id,
  tree,
  latest,
  online,
  menuLabels,
}: {
  id: number;
  tree: readonly MenuGroup[];
  /** The permissions as last read. */
  latest: PermissionDraft;
  online: boolean;
  /** The left menu's labels, by server item name. */
  menuLabels: Readonly<Record<string, MessageDescriptor>>;
}) {
  const { t } = useLingui();
  const { loginInfo } = useAppState();
  const children = useChildren();
  const call = useUserCall();
  const [draft, setDraft] = useState(latest);
  const { base, setBase, changed } = useReadBase(latest, draft, setDraft, (a, b) =>
    samePermissions(tree, a, b),
  );
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const owners = ownerOptions(
    loginInfo,
    children.data?.lists ?? [],
    { main: t({ id: 'user.owner.main', message: 'Main account' }) },
    id,
  );

  const save = async () => {
    if (busy) return;
    setBusy(true);
    setFailure(null);
    try {
      const input = { child_user_id: id };
      const answer = await call('childAuthUpdate', { ...input, ...permissionBody(tree, draft) }, (a) => [
        ['childAuthLists', input, a],
      ]);
      const saved = permissionsOf(tree, answer);
      setBase(saved);
      setDraft(saved);
      notify('success', t({ id: 'user.perm.saved', message: 'Permissions saved.' }));
    } catch (error) {
      setFailure(refusalOf(error, []).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="4" mt="4">
      <PermissionEditor
        tree={tree}
        value={draft}
        onChange={(next) => {
          setDraft(next);
          setFailure(null);
        }}
        menuLabels={menuLabels}
        owners={owners}
      />
      {failure ? (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>
              {t({ id: 'user.perm.refused', message: 'The permissions were not saved' })}
            </Alert.Title>
            <Alert.Description>{failure}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}
      <SaveActions
        changed={changed}
        busy={busy}
        online={online}
        onDiscard={() => setDraft(base)}
        saveLabel={t({ id: 'user.perm.save', message: 'Save permissions' })}
        onSave={() => void save()}
        position="sticky"
        bottom="0"
        bg="bg"
        py="3"
        borderTopWidth="1px"
      >
        {changed ? (
          <Text fontSize="sm" color="fg.muted" me="auto" role="status">
            {t({ id: 'user.perm.unsaved', message: 'You have unsaved changes.' })}
          </Text>
        ) : null}
        {online ? null : <OfflineNote />}
      </SaveActions>
    </Stack>
  );
}
