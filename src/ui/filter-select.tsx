import { NativeSelect } from '@chakra-ui/react';

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
  return (
    <NativeSelect.Root w="auto" minW={minW} size={size}>
      <NativeSelect.Field
        aria-label={label}
        value={value === undefined ? '' : String(value)}
        onChange={(e) => onChange(options.find((o) => String(o.value) === e.target.value)?.value)}
      >
        {all !== undefined ? <option value="">{all}</option> : null}
        {options.map((o) => (
          <option key={String(o.value)} value={String(o.value)}>
            {o.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
