import { useCallback, useState } from 'react';

/**
 * The rows ticked in a table, by id. The functions stay the same from one render to the next, so
 * rows given them re-render only when their own tick changes.
 */
export function useSelection() {
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  /** Ticks (`on`) or unticks the rows of `ids`. */
  const selectMany = useCallback(
    (ids: Iterable<string>, on: boolean) =>
      setSelected((current) => {
        const next = new Set(current);
        for (const id of ids) {
          if (on) next.add(id);
          else next.delete(id);
        }
        return next;
      }),
    [],
  );
  const select = useCallback((id: string, on: boolean) => selectMany([id], on), [selectMany]);
  const clear = useCallback(() => setSelected(new Set()), []);
  return { selected, select, selectMany, clear };
}
