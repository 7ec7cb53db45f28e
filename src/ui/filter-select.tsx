import { OptionSelect } from './option-select';

export interface FilterSelectProps<T extends string | number> {
  /** The select's accessible name. */
  label: string;
  value: T | undefined;
  options: readonly { value: T; label: string }[];
  /** The first option, standing for no filter; without it a value is always chosen. */
  all?: string;
  onChange: (value: T | undefined) => void;
  /** As wide as its options, and at least this. */
  minW?: string;
  size?: 'sm' | 'md';
}

/** One filter of a list: a native select of known values, optionally with "all". */
export function FilterSelect<T extends string | number>({
  label,
  value,
  options,
  all,
  onChange,
  minW = '150px',
  size,
}: FilterSelectProps<T>) {
  const choices = options.map((o) => ({ value: String(o.value), label: o.label }));
  return (
    <OptionSelect
      w="auto"
      minW={minW}
      size={size}
      label={label}
      value={value === undefined ? '' : String(value)}
      options={all === undefined ? choices : [{ value: '', label: all }, ...choices]}
      onChange={(chosen) => onChange(options.find((o) => String(o.value) === chosen)?.value)}
    />
  );
}
