import { Button, Text } from '@chakra-ui/react';
import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { isApiError } from '../../api';
import { Code } from '../../contract/codes';
import { limits } from '../../contract/limits';
import type { TokenCreateBody, TokenEntry } from '../../contract/users';
import { useAppState } from '../../ui/app-state';
import { EmptyListCard } from '../../ui/empty-list-card';
import { ListPage } from '../../ui/list-page';
import { notify } from '../../ui/toaster';
import { useNow } from '../../ui/use-now';
import { useOnline } from '../../ui/use-online';
import { CreateDialog } from './create-dialog';
import { DeleteDialog } from './delete-dialog';
import { SecretDialog } from './secret-dialog';
import {
  emptyDraft,
  refusalOf,
  type AddressCheck,
  type Refusal,
  type TokenDraft,
  type UserChoice,
} from './token-form';
import { TokenTable } from './token-table';
import { useChildren, useDomainNames, useTokenCalls, useTokens, withReads } from './use-reads';
import { useReadsStatus } from '../../sync/reads';

type Open =
  | { kind: 'create' }
  | { kind: 'delete'; token: TokenEntry }
  | { kind: 'secret'; token: TokenEntry; secret: string }
  | null;

/** The server's words on a deleted token (server/i18n/messages.ts), said by the console too. */
const deleted = msg({ id: 'token.deleted', message: 'Token deleted.' });

/**
 * API tokens (spec §2 /cdn/token-manage, §3 Token, §6, §9): a main account's tokens, at most 5,
 * for itself or a sub-account with API permission. The list is read through the read layer, so it
 * stays readable offline "as of" its time; creating and deleting need a connection, and a new
 * token's secret is shown once.
 */
export const TokenScreen = withReads(TokenBody);

function TokenBody() {
  const { t, i18n } = useLingui();
  const online = useOnline();
  const now = useNow(60_000);
  const { loginInfo } = useAppState();
  const read = useTokens();
  const children = useChildren();
  const domains = useDomainNames();
  const reads = useReadsStatus(online);
  const calls = useTokenCalls();
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);

  // The tokens are the active account's: itself, or the customer a channel account acts for.
  const mainId = loginInfo?.view_id ?? null;
  const mainName = loginInfo
    ? (loginInfo.lists.find((a) => a.id === loginInfo.view_id)?.account ?? loginInfo.login)
    : '';
  const childList = children.data?.lists;
  const users = useMemo<UserChoice[]>(
    () => [
      ...(mainId === null ? [] : [{ id: mainId, name: mainName, main: true, apiEnabled: true }]),
      ...(childList ?? []).map((c) => ({ id: c.id, name: c.login, main: false, apiEnabled: c.api_enabled })),
    ],
    [mainId, mainName, childList],
  );
  // Kept while the dialog is closed and reopened; emptied once a token is made.
  const [draft, setDraft] = useState<TokenDraft>(() => emptyDraft(mainId));

  const tokens = read.data?.lists ?? [];
  const max = read.data?.max ?? limits.tokensMax;
  const full = tokens.length >= max;
  const count = tokens.length;

  const title = t({ id: 'token.list.title', message: 'API tokens' });
  // spec §8: the words of the limit, with its number (spec §9).
  const limitNote = t({
    id: 'token.list.limit',
    message: plural(max, {
      one: 'Only supports the creation of up to # token. If you need to create a new token, please delete the unnecessary tokens first.',
      other:
        'Only supports the creation of up to # tokens. If you need to create a new token, please delete the unnecessary tokens first.',
    }),
  });
  const createLabel = t({ id: 'token.list.create', message: 'Create token' });

  const create = async (body: TokenCreateBody, addresses: AddressCheck): Promise<Refusal | null> => {
    try {
      const answer = await calls.create(body);
      setDraft(emptyDraft(mainId));
      setOpen({ kind: 'secret', token: answer.token, secret: answer.secret });
      return null;
    } catch (error) {
      const refusal = refusalOf(error, addresses);
      // Someone made a token, or took a sub-account's API permission, meanwhile: read them again.
      if (refusal.limit || refusal.forbidden) calls.refresh();
      return refusal;
    }
  };

  const remove = async (token: TokenEntry, typed: string): Promise<string | null> => {
    try {
      await calls.remove(token.id, typed);
      setOpen(null);
      notify('success', i18n._(deleted));
      return null;
    } catch (error) {
      if (isApiError(error) && error.code === Code.notFound) {
        // Deleted meanwhile (another tab, another administrator): the list is read again.
        calls.refresh();
        setOpen(null);
        notify('info', error.message);
        return null;
      }
      return error instanceof Error ? error.message : String(error);
    }
  };

  const createButton = (
    <Button
      size="sm"
      colorPalette="blue"
      disabled={full || !online}
      aria-describedby={full ? 'token-list-limit' : undefined}
      onClick={() => setOpen({ kind: 'create' })}
    >
      {createLabel}
    </Button>
  );

  const dialogs =
    open?.kind === 'create' ? (
      <CreateDialog
        draft={draft}
        onDraftChange={setDraft}
        users={users}
        usersRead={children}
        domainNames={domains.names}
        domainsRead={domains.read}
        now={now}
        online={online}
        onClose={close}
        onSubmit={create}
      />
    ) : open?.kind === 'delete' ? (
      <DeleteDialog token={open.token} online={online} onClose={close} onDelete={remove} />
    ) : open?.kind === 'secret' ? (
      <SecretDialog token={open.token} secret={open.secret} onClose={close} />
    ) : null;

  return (
    <ListPage
      title={title}
      intro={t({
        id: 'token.list.intro',
        message:
          'A token lets a script or program call the CDN API as you or as a sub-account, within that user’s permissions.',
      })}
      count={t({
        id: 'token.list.count',
        message: plural(count, {
          one: `# token, at most ${max}.`,
          other: `# tokens, at most ${max}.`,
        }),
      })}
      reads={reads}
      read={read}
      actions={read.data ? createButton : null}
      neverRead={{
        what: t({ id: 'token.list.what', message: 'the tokens' }),
      }}
    >
      {() => (
        <>
          {full ? (
            <Text fontSize="sm" color="fg.warning" id="token-list-limit" role="status">
              {limitNote}
            </Text>
          ) : null}
          {tokens.length === 0 ? (
            <EmptyListCard
              title={t({ id: 'token.list.empty', message: 'No tokens yet.' })}
              hint={t({
                id: 'token.list.emptyHint',
                message:
                  'Create one for each script or program that calls the API: read only where it only reads, limited to the addresses it runs from, with an expiry.',
              })}
              action={
                <Button colorPalette="blue" disabled={!online} onClick={() => setOpen({ kind: 'create' })}>
                  {createLabel}
                </Button>
              }
            />
          ) : (
            <TokenTable
              tokens={tokens}
              mainId={mainId}
              domainNames={domains.names}
              now={now}
              online={online}
              onDelete={(token) => setOpen({ kind: 'delete', token })}
            />
          )}
          {dialogs}
        </>
      )}
    </ListPage>
  );
}
