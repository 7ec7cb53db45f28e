import { Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { ChildSummary } from '../../contract/users';
import { DetailList } from '../../ui/detail-list';
import { formatDateTime } from '../../ui/format';
import { FormFailure } from '../../ui/form-failure';
import { SectionCard } from '../../ui/section-card';
import { notify } from '../../ui/toaster';
import { ProfileFields } from './fields';
import { SaveActions } from './save-actions';
import { useUserCall } from './use-reads';
import { draftOf, profileBody, profileFields, profileProblems, type ProfileDraft } from './validate';
import { useEditForm, useSend } from './use-field-form';
import { OfflineNote } from './offline-note';

const profileOf = (user: ChildSummary): ProfileDraft => draftOf(user, profileFields);

/** A sub-account's profile: its login and creation, fixed; its name, contacts and remark, to edit. */
export function ProfileTab({ user, online }: { user: ChildSummary; online: boolean }) {
  const { t } = useLingui();
  const call = useUserCall();
  const form = useEditForm<ProfileDraft>(profileOf(user), profileProblems, profileBody);
  const { draft, setDraft, shown, setSubmitted, setServer, change, touch, base, changed, saved } = form;
  const {
    busy,
    failure,
    submit: save,
  } = useSend(form, profileFields, async (sent) => {
    const answer = await call('childUpdate', { user_id: user.id, ...profileBody(sent) }, (a) => [
      ['childDetail', { user_id: user.id }, a],
    ]);
    saved(profileOf(answer.user));
    notify('success', t({ id: 'user.profile.saved', message: 'Profile saved.' }));
  });

  return (
    <SectionCard
      titleId="user-profile-title"
      title={t({ id: 'user.profile.title', message: 'Profile' })}
      mt="4"
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Stack gap="5">
          <DetailList
            rows={[
              [
                t({ id: 'user.field.login', message: 'Login' }),
                <Stack gap="0">
                  <Text fontWeight="medium">{user.login}</Text>
                  <Text fontSize="xs" color="fg.muted">
                    {t({ id: 'user.profile.loginFixed', message: 'The login cannot be changed once set.' })}
                  </Text>
                </Stack>,
              ],
              [t({ id: 'user.col.created', message: 'Created' }), formatDateTime(user.created_at)],
            ]}
          />
          <ProfileFields value={draft} problems={shown} onChange={change} onTouch={touch} />
          <FormFailure failure={failure} />
          <SaveActions
            changed={changed}
            busy={busy}
            online={online}
            onDiscard={() => {
              setDraft(base);
              setServer({});
              setSubmitted(false);
            }}
            saveLabel={t({ id: 'user.action.save', message: 'Save' })}
          >
            {online ? null : <OfflineNote />}
          </SaveActions>
        </Stack>
      </form>
    </SectionCard>
  );
}
