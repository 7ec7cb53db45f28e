import { Alert, Button } from '@chakra-ui/react';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { isApiError } from '../../api';
import { useCall } from '../../sync/reads';
import { CenteredSpinner } from '../../ui/centered-spinner';
import { buildMenuTree } from './menu-tree';
import { permissionsOf } from './permissions';
import { PermissionsForm } from './permissions-form';

/** A sub-account's permissions, once they and the menu tree are read. */
export function PermissionsTab({
  id,
  online,
  menuLabels,
}: {
  id: number;
  online: boolean;
  /** The left menu's labels, by server item name. */
  menuLabels: Readonly<Record<string, MessageDescriptor>>;
}) {
  const { t } = useLingui();
  const read = useCall('childAuthLists', { child_user_id: id });
  const auths = read.data?.auths;
  const tree = useMemo(() => (auths ? buildMenuTree(auths) : null), [auths]);
  if (!read.data || !tree) {
    if (read.failed)
      return (
        <Alert.Root status="error" mt="4">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>
              {t({ id: 'user.perm.readFailed', message: 'The permissions could not be read.' })}
            </Alert.Title>
            {isApiError(read.error) && read.error.message ? (
              <Alert.Description>{read.error.message}</Alert.Description>
            ) : null}
          </Alert.Content>
          <Button size="sm" variant="outline" onClick={read.refetch}>
            {t({ id: 'common.action.retry', message: 'Retry' })}
          </Button>
        </Alert.Root>
      );
    return <CenteredSpinner label={t({ id: 'user.perm.reading', message: 'Reading the permissions…' })} />;
  }
  return (
    <PermissionsForm
      key={id}
      id={id}
      tree={tree}
      latest={permissionsOf(tree, read.data)}
      online={online}
      menuLabels={menuLabels}
    />
  );
}
