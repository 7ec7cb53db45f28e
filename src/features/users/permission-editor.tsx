import { Checkbox, Stack, Text } from '@chakra-ui/react';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { GrantList } from '../../ui/grant-list';
import { GrantPicker, type GrantOption } from '../../ui/grant-picker';
import { SectionCard } from '../../ui/section-card';
import type { MenuGroup } from './menu-tree';
import { MenuTreeView } from './menu-tree-view';
import { grantIdsOf, setGrantIds, type GrantKind, type PermissionDraft } from './permissions';
import { DomainList, CertList } from './grant-lists';

export interface PermissionEditorProps {
  /** The main account's menu items that may be given. */
  tree: readonly MenuGroup[];
  value: PermissionDraft;
  onChange(next: PermissionDraft): void;
  /** The left menu's labels, by server item name. */
  menuLabels: Readonly<Record<string, MessageDescriptor>>;
  /** The users whose objects may be granted: the main account and its other sub-accounts. */
  owners: readonly GrantOption[];
  disabled?: boolean;
}

/**
 * What a sub-account may do (spec §6): function permission as the tree of the main account's menu
 * (main-only items never offered), data permission by domain, by certificate and by user (each
 * "all, including future items" or a list), and API tokens (spec §6: a sub-account needs API
 * permission before a token is made for it).
 */
export function PermissionEditor({
  tree,
  value,
  onChange,
  menuLabels,
  owners,
  disabled = false,
}: PermissionEditorProps) {
  const { t, i18n } = useLingui();
  const label = (name: string) => {
    const descriptor = menuLabels[name];
    return descriptor ? i18n._(descriptor) : name;
  };
  const grant = (kind: GrantKind) => ({
    value: { all: value.data[kind].all, ids: grantIdsOf(value.data, kind) },
    onChange: (next: { all: boolean; ids: string[] }) => {
      const data = setGrantIds(value.data, kind, next.ids);
      onChange({ ...value, data: { ...data, [kind]: { ...data[kind], all: next.all } } });
    },
  });
  const ids = (kind: GrantKind) => ({
    ids: grantIdsOf(value.data, kind),
    onChange: (next: string[]) => onChange({ ...value, data: setGrantIds(value.data, kind, next) }),
    disabled,
  });
  return (
    <Stack gap="5">
      <SectionCard
        titleId="user-perm-function"
        title={t({ id: 'user.perm.functionTitle', message: 'Function permission' })}
        hint={t({
          id: 'user.perm.functionHint',
          message:
            'The menu items the sub-account sees and may use. User management, API tokens and the audit log stay with the main account.',
        })}
      >
        <MenuTreeView
          tree={tree}
          ticked={value.ticked}
          onChange={(ticked) => onChange({ ...value, ticked })}
          label={label}
          disabled={disabled}
        />
      </SectionCard>

      <SectionCard
        titleId="user-perm-data"
        title={t({ id: 'user.perm.dataTitle', message: 'Data permission' })}
        hint={t({
          id: 'user.perm.dataHint',
          message:
            'The domains and certificates the sub-account may view and operate. What it creates itself is always its own.',
        })}
      >
        <Stack gap="4">
          <GrantPicker
            {...grant('domains')}
            disabled={disabled}
            legend={t({ id: 'user.perm.domains', message: 'By domain' })}
            allLabel={t({ id: 'user.perm.domainsAll', message: 'All, including future domains' })}
            someLabel={t({ id: 'user.perm.domainsSome', message: 'Selected domains' })}
            list={<DomainList {...ids('domains')} />}
          />
          <GrantPicker
            {...grant('certs')}
            disabled={disabled}
            legend={t({ id: 'user.perm.certs', message: 'By certificate' })}
            allLabel={t({ id: 'user.perm.certsAll', message: 'All, including future certificates' })}
            someLabel={t({ id: 'user.perm.certsSome', message: 'Selected certificates' })}
            list={<CertList {...ids('certs')} />}
          />
          <GrantPicker
            {...grant('users')}
            disabled={disabled}
            legend={t({ id: 'user.perm.users', message: 'By user' })}
            hint={t({
              id: 'user.perm.usersHint',
              message: 'Adds the domains and certificates that these users created to those granted above.',
            })}
            allLabel={t({ id: 'user.perm.usersAll', message: 'All users, including future sub-accounts' })}
            someLabel={t({ id: 'user.perm.usersSome', message: 'Selected users' })}
            list={
              <GrantList
                {...ids('users')}
                options={owners}
                searchLabel={t({ id: 'user.grant.searchUsers', message: 'Search users' })}
                emptyLabel={t({ id: 'user.grant.noUsers', message: 'No other users.' })}
                goneLabel={t({ id: 'user.grant.goneUser', message: 'Deleted sub-account' })}
              />
            }
          />
        </Stack>
      </SectionCard>

      <SectionCard titleId="user-perm-api" title={t({ id: 'user.perm.apiTitle', message: 'API permission' })}>
        <Checkbox.Root
          checked={value.api_enabled}
          disabled={disabled}
          onCheckedChange={(e) => onChange({ ...value, api_enabled: e.checked === true })}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{t({ id: 'user.perm.api', message: 'Allow API tokens' })}</Checkbox.Label>
        </Checkbox.Root>
        <Text fontSize="sm" color="fg.muted" mt="2">
          {t({
            id: 'user.perm.apiHint',
            message:
              'You can then create API tokens that act as this sub-account, within the permissions above.',
          })}
        </Text>
      </SectionCard>
    </Stack>
  );
}
