import { useEffect, useRef } from 'react';

/**
 * The checkbox of a table's header for a table of plain rows (`plainCellStyles`): checked when
 * every selectable row is, mixed when some are; a click selects all unless all are selected.
 */
export function HeaderCheckbox({
  all,
  selected,
  onChange,
  label,
}: {
  /** How many rows can be selected. */
  all: number;
  /** How many of them are. */
  selected: number;
  onChange(selected: boolean): void;
  label: string;
}) {
  const ref = useRef<HTMLInputElement>(null);
  const some = selected > 0 && selected < all;
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = some;
  }, [some]);
  return (
    <input
      ref={ref}
      type="checkbox"
      checked={all > 0 && selected === all}
      disabled={all === 0}
      // Some or none selected: select all; all selected: none.
      onChange={() => onChange(!(all > 0 && selected === all))}
      aria-label={label}
    />
  );
}
