import { useMemo } from 'react';
import { foldOf } from '../../../commands/fold';
import type { AggregateStates } from '../../../commands/kinds';
import {
  defaultSection,
  sectionKinds,
  type SectionKind,
  type SectionState,
} from '../../../contract/domain-config';
import { project, type Projected, type ReadRow } from '../../../store';
import { useLiveQuery } from '../../../sync/react';
import { configReadKey } from './pull-config';

export type SectionProjection<K extends SectionKind> = Projected<SectionState<K>> & {
  state: SectionState<K>;
};

export interface DomainConfig {
  sections: { [K in SectionKind]: SectionProjection<K> };
  /** The last read of this domain's configuration; undefined when never read on this device. */
  read: ReadRow | undefined;
}

const folds = Object.fromEntries(sectionKinds.map((kind) => [kind, foldOf(kind)])) as {
  [K in SectionKind]: ReturnType<typeof foldOf<K>>;
};

/**
 * A domain's configuration from the store, each section with its pending edits folded over and
 * marked (a section never read or set shows its defaults at version 0); undefined until the store
 * has answered.
 */
export function useDomainConfig(id: string): DomainConfig | undefined {
  const snapshots = useLiveQuery(({ store }) => store.aggregatesOf(sectionKinds, id), [id]);
  const outbox = useLiveQuery(({ store }) => store.pending(), []);
  const read = useLiveQuery(async ({ store }) => ({ row: await store.lastRead(configReadKey(id)) }), [id]);
  return useMemo(() => {
    if (!snapshots || !outbox || !read) return undefined;
    const sections = Object.fromEntries(
      sectionKinds.map((kind) => {
        const projected = project<AggregateStates[typeof kind]>(
          snapshots,
          outbox,
          kind,
          folds[kind] as never,
        ).find((p) => p.id === id);
        const fallback = defaultSection(kind, id);
        return [
          kind,
          projected
            ? { ...projected, state: projected.state ?? fallback }
            : { id, state: fallback, server: undefined, version: 0, fetchedAt: null, pending: [] },
        ];
      }),
    ) as unknown as DomainConfig['sections'];
    return { sections, read: read.row };
  }, [snapshots, outbox, read, id]);
}
