import { Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { isApiError } from '../../api';
import type { ChildSummary } from '../../contract/users';
import { DetailList } from '../../ui/detail-list';
import { SectionCard } from '../../ui/section-card';
import { notify } from '../../ui/toaster';
import { DeleteUserDialog } from './delete-user-dialog';
import { PasswordDialog } from './password-dialog';
import { securityColors, securityLabels } from './user-messages';
import { useUserCall } from './use-reads';
import { OfflineNote } from './offline-note';

/** A sub-account's security: its level, two-factor state and API permission; password reset and deletion. */
export function SecurityTab({ user, online }: { user: ChildSummary; online: boolean }) {
  const { t, i18n } = useLingui();
  const call = useUserCall();
  const [open, setOpen] = useState<'password' | 'delete' | null>(null);
  const login = user.login;
  const remove = async () => {
    setOpen(null);
    try {
      await call('childDelete', { user_id: user.id });
      notify('success', t({ id: 'user.delete.done', message: `Sub-account ${login} deleted.` }));
      window.location.hash = '#/cdn/user/list';
    } catch (error) {
      notify('error', isApiError(error) ? error.message : String(error));
    }
  };
  return (
    <Stack gap="4" mt="4">
      <SectionCard
        titleId="user-security-title"
        title={t({ id: 'user.security.title', message: 'Security' })}
      >
        <Stack gap="5">
          <DetailList
            rows={[
              [
                t({ id: 'user.col.security', message: 'Security level' }),
                <Badge colorPalette={securityColors[user.security_level]}>
                  {i18n._(securityLabels[user.security_level])}
                </Badge>,
              ],
              [
                t({ id: 'user.security.twoFactor', message: 'Two-factor authentication' }),
                user.two_factor.enabled
                  ? t({ id: 'user.state.on', message: 'On' })
                  : t({ id: 'user.state.off', message: 'Off' }),
              ],
              [
                t({ id: 'user.col.api', message: 'API permission' }),
                user.api_enabled
                  ? t({ id: 'user.api.allowed', message: 'Allowed' })
                  : t({ id: 'user.api.notAllowed', message: 'Not allowed' }),
              ],
            ]}
          />
          <Text fontSize="sm" color="fg.muted">
            {t({
              id: 'user.security.hint',
              message:
                'The security level rises with two-factor authentication and with a mobile or email to reach the sub-account. Two-factor authentication is turned on by the sub-account itself.',
            })}
          </Text>
          <HStack gap="3" wrap="wrap">
            <Button colorPalette="blue" disabled={!online} onClick={() => setOpen('password')}>
              {t({ id: 'user.action.password', message: 'Reset password' })}
            </Button>
            <Button variant="outline" colorPalette="red" disabled={!online} onClick={() => setOpen('delete')}>
              {t({ id: 'user.action.deleteAccount', message: 'Delete sub-account' })}
            </Button>
            {online ? null : <OfflineNote />}
          </HStack>
        </Stack>
      </SectionCard>
      {open === 'password' ? (
        <PasswordDialog user={user} online={online} onClose={() => setOpen(null)} />
      ) : null}
      <DeleteUserDialog
        open={open === 'delete'}
        login={login}
        onConfirm={() => void remove()}
        onCancel={() => setOpen(null)}
      />
    </Stack>
  );
}
