import {
  defaultSection,
  sectionKinds,
  type SectionKind,
  type SectionState,
} from '../../../src/contract/domain-config';
import { loadDocuments } from '../../commands/stores';
import type { Executor } from '../../db/client';

/** Every section of a domain: as stored, or its defaults at version 0 when never set. */
export async function domainConfig(
  db: Executor,
  accountId: number,
  id: string,
): Promise<{ [K in SectionKind]: SectionState<K> }> {
  const stored = await loadDocuments(db, accountId, sectionKinds, id);
  return Object.fromEntries(
    sectionKinds.map((kind) => {
      const document = stored.get(kind);
      return [
        kind,
        document
          ? { ...defaultSection(kind, id), ...document.data, id, version: document.version }
          : defaultSection(kind, id),
      ];
    }),
  ) as { [K in SectionKind]: SectionState<K> };
}
