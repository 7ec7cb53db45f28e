import { Badge, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { BaseInfo } from '../../contract/schemas';
import { DetailList } from '../../ui/detail-list';
import { formatDateTime } from '../../ui/format';
import { FormFailure } from '../../ui/form-failure';
import { SectionCard } from '../../ui/section-card';
import { notify } from '../../ui/toaster';
import { binder, EmailField, MobileField, RealNameField } from './contact-fields';
import { SaveActions } from './save-actions';
import { TextField } from './text-field';
import { useEditForm, useSend } from './use-field-form';
import { useUserCall } from './use-reads';
import { contactBody, contactFields, contactProblems, draftOf, type ContactDraft } from './validate';

const contactsOf = (account: BaseInfo): ContactDraft => draftOf(account, contactFields);

/** The account's base information, and its contacts to edit where the signed-in login may. */
export function ProfileCard({
  account,
  editable,
  online,
}: {
  account: BaseInfo;
  editable: boolean;
  online: boolean;
}) {
  const { t, i18n } = useLingui();
  const call = useUserCall();
  const form = useEditForm<ContactDraft>(contactsOf(account), contactProblems, contactBody);
  const { draft, shown, change, touch, reset, base, changed, saved } = form;
  const {
    busy,
    failure,
    submit: save,
  } = useSend(form, contactFields, async (sent) => {
    const answer = await call('update', contactBody(sent), (a) => [['baseInfo', { user_id: a.id }, a]]);
    saved(contactsOf(answer));
    notify('success', t({ id: 'user.center.saved', message: 'Contact details saved.' }));
  });
  const field = binder(i18n, { value: draft, onChange: change, onTouch: touch, problems: shown });
  const bind = (name: keyof ContactDraft) => ({ ...field(name), disabled: !editable });

  const verified = account.real_name_verified;
  return (
    <SectionCard
      titleId="account-profile-title"
      title={t({ id: 'user.center.profile', message: 'Basic information' })}
    >
      <Stack gap="5">
        <DetailList
          rows={[
            [t({ id: 'user.col.login', message: 'Login' }), account.login],
            [
              t({ id: 'user.center.kind', message: 'Account type' }),
              account.kind === 'main'
                ? t({ id: 'user.owner.main', message: 'Main account' })
                : t({ id: 'user.center.sub', message: 'Sub-account' }),
            ],
            [
              t({ id: 'user.center.realNameStatus', message: 'Real-name verification' }),
              <Badge colorPalette={verified ? 'green' : 'orange'}>
                {verified
                  ? t({ id: 'user.center.verified', message: 'Verified' })
                  : t({ id: 'user.center.unverified', message: 'Not verified' })}
              </Badge>,
            ],
            [t({ id: 'user.center.registered', message: 'Registered' }), formatDateTime(account.created_at)],
          ]}
        />
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <Stack gap="4">
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <RealNameField
                {...bind('real_name')}
                disabled={!editable || verified}
                helper={
                  verified
                    ? t({
                        id: 'user.center.realNameLocked',
                        message: 'The real name of a verified account cannot be changed.',
                      })
                    : undefined
                }
              />
              <TextField
                label={t({ id: 'user.field.company', message: 'Company' })}
                maxLength={100}
                {...bind('company')}
              />
              <MobileField {...bind('mobile')} />
              <EmailField {...bind('email')} />
            </SimpleGrid>
            <FormFailure failure={failure} />
            {editable ? (
              <SaveActions
                changed={changed}
                busy={busy}
                online={online}
                onDiscard={() => reset(base)}
                saveLabel={t({ id: 'user.center.save', message: 'Save' })}
              >
                {online ? null : (
                  <Text fontSize="sm" color="fg.warning" role="status" me="auto">
                    {t({
                      id: 'user.center.offline',
                      message: 'This needs a connection: account details go straight to the server.',
                    })}
                  </Text>
                )}
              </SaveActions>
            ) : (
              <Text fontSize="sm" color="fg.muted">
                {t({
                  id: 'user.center.readOnly',
                  message: 'Switch to this account to change its contact details.',
                })}
              </Text>
            )}
          </Stack>
        </form>
      </Stack>
    </SectionCard>
  );
}
