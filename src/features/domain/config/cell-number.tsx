import { CellInput } from './cell-input';
import { useTypedNumber } from './fields';

/** A whole number in a cell, kept as typed while it is not one (nothing typed is lost). */
export function CellNumber({
  value,
  onChange,
  issue,
  label,
}: {
  value: number;
  onChange(value: number): void;
  issue?: string | undefined;
  label: string;
}) {
  const number = useTypedNumber(value, onChange);
  return <CellInput value={number.shown} label={label} issue={issue} numeric onChange={number.type} />;
}
