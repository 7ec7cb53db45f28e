import { useQueryClient } from '@tanstack/react-query';
import { useMemo, type ComponentType } from 'react';
import { api } from '../../api';
import type { InputOf, OutputOf } from '../../contract';
import type { TokenEntry } from '../../contract/users';
import { useCall, withReads as withAccountReads } from '../../sync/reads';
import { useReadAccounts } from '../../ui/app-state';

/** A screen of this feature inside the read layer of the signed-in account pair. */
export const withReads = <P extends object>(Body: ComponentType<P>) =>
  withAccountReads(Body, useReadAccounts);

/** The main account's tokens (at most 5, spec §9). */
export const useTokens = () => useCall('tokenLists', undefined);

/** The sub-accounts, each with whether it may use API tokens (spec §6). */
export const useChildren = () => useCall('childLists', undefined);

/** Domain id → name, for the tokens' domains and the form's choice. */
export function useDomainNames() {
  const read = useCall('domainNames', undefined);
  const lists = read.data?.lists;
  const names = useMemo(() => new Map((lists ?? []).map((d) => [d.id, d.domain])), [lists]);
  return { read, names };
}

/**
 * Creating and deleting tokens, online only: the secret is answered to this browser once and is
 * never kept in the outbox or the read cache (spec §3 Token; only its hash is on the server). The
 * list is updated at once with the answer, then read again.
 */
export function useTokenCalls() {
  const client = useQueryClient();
  const listKey = ['tokenLists', undefined];
  const changeList = (change: (lists: TokenEntry[]) => TokenEntry[]) =>
    client.setQueryData<OutputOf<'tokenLists'>>(listKey, (old) =>
      old ? { ...old, lists: change(old.lists) } : old,
    );
  return {
    async create(input: InputOf<'tokenCreate'>): Promise<OutputOf<'tokenCreate'>> {
      const answer = await api.call('tokenCreate', input, { quiet: true });
      changeList((lists) => [...lists.filter((t) => t.id !== answer.token.id), answer.token]);
      void client.invalidateQueries({ queryKey: ['tokenLists'] });
      return answer;
    },
    async remove(id: string, confirm: string): Promise<void> {
      await api.call('tokenDelete', { id, confirm }, { quiet: true });
      changeList((lists) => lists.filter((t) => t.id !== id));
      void client.invalidateQueries({ queryKey: ['tokenLists'] });
    },
    /** Reads the list and the sub-accounts again: after a refusal they may have changed. */
    refresh() {
      void client.invalidateQueries({ queryKey: ['tokenLists'] });
      void client.invalidateQueries({ queryKey: ['childLists'] });
    },
  };
}
