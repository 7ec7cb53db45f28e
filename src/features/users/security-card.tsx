import { Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';
import { useCall } from '../../sync/reads';
import { SectionCard } from '../../ui/section-card';
import { PasswordChangeDialog } from './password-change-dialog';
import { TwoFactorDisableDialog } from './two-factor-disable-dialog';
import { TwoFactorEnableDialog } from './two-factor-enable-dialog';
import { securityColors, securityLabels } from './user-messages';

/** The signed-in account's own security: its level, password change and two-factor sign-in. */
export function SecurityCard({ login, online }: { login: string; online: boolean }) {
  const { t, i18n } = useLingui();
  const read = useCall('twoFactorStatus', undefined);
  const [open, setOpen] = useState<'password' | 'enable' | 'disable' | null>(null);
  const status = read.data;
  const left = status?.recovery_codes_left ?? 0;
  const close = () => setOpen(null);
  const row = (label: string, value: ReactNode, action: ReactNode) => (
    <HStack
      justify="space-between"
      align={{ base: 'flex-start', md: 'center' }}
      gap="4"
      wrap="wrap"
      py="3"
      borderTopWidth="1px"
    >
      <Stack gap="1" minW="0">
        <Text fontWeight="medium">{label}</Text>
        <Text fontSize="sm" color="fg.muted">
          {value}
        </Text>
      </Stack>
      {action}
    </HStack>
  );
  return (
    <SectionCard
      titleId="account-security-title"
      title={t({ id: 'user.security.title', message: 'Security' })}
      aside={
        status ? (
          <HStack gap="2">
            <Text fontSize="sm" color="fg.muted">
              {t({ id: 'user.col.security', message: 'Security level' })}
            </Text>
            <Badge colorPalette={securityColors[status.security_level]}>
              {i18n._(securityLabels[status.security_level])}
            </Badge>
          </HStack>
        ) : null
      }
    >
      <Stack gap="0">
        {row(
          t({ id: 'user.field.password', message: 'Password' }),
          t({
            id: 'user.center.passwordHint',
            message: '8–20 characters with at least three of: uppercase, lowercase, digits, symbols.',
          }),
          <Button size="sm" variant="outline" disabled={!online} onClick={() => setOpen('password')}>
            {t({ id: 'user.password.changeTitle', message: 'Change password' })}
          </Button>,
        )}
        {row(
          t({ id: 'user.security.twoFactor', message: 'Two-factor authentication' }),
          status === undefined
            ? read.failed
              ? t({ id: 'user.center.statusFailed', message: 'The state could not be loaded.' })
              : '…'
            : status.enabled
              ? t({
                  id: 'user.center.twoFactorOn',
                  message: `On: sign-in asks for a code of the authenticator app (TOTP). Recovery codes left: ${left}.`,
                })
              : t({
                  id: 'user.center.twoFactorOff',
                  message: 'Off: sign-in asks for the password only. Turn it on to raise the security level.',
                }),
          status === undefined ? null : status.enabled ? (
            <Button
              size="sm"
              variant="outline"
              colorPalette="red"
              disabled={!online}
              onClick={() => setOpen('disable')}
            >
              {t({ id: 'user.twoFactor.disableSubmit', message: 'Turn off' })}
            </Button>
          ) : (
            <Button size="sm" colorPalette="blue" disabled={!online} onClick={() => setOpen('enable')}>
              {t({ id: 'user.twoFactor.enableAction', message: 'Turn on' })}
            </Button>
          ),
        )}
        {online ? null : (
          <Text fontSize="sm" color="fg.warning" role="status" pt="3" borderTopWidth="1px">
            {t({
              id: 'user.offline.security',
              message: 'This needs a connection: passwords and sign-in settings go straight to the server.',
            })}
          </Text>
        )}
      </Stack>
      {open === 'password' ? <PasswordChangeDialog online={online} onClose={close} /> : null}
      {open === 'enable' ? <TwoFactorEnableDialog login={login} online={online} onClose={close} /> : null}
      {open === 'disable' ? <TwoFactorDisableDialog online={online} onClose={close} /> : null}
    </SectionCard>
  );
}
