import { NativeSelect } from '@chakra-ui/react';

export type OptionSelectProps<T extends string | number> = Omit<NativeSelect.RootProps, 'onChange'> & {
  /** The accessible name, where no field label names the select. */
  label?: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
};

/** A native select of known values. */
export function OptionSelect<T extends string | number>({
  label,
  value,
  options,
  onChange,
  ...root
}: OptionSelectProps<T>) {
  return (
    <NativeSelect.Root {...root}>
      <NativeSelect.Field
        aria-label={label}
        value={String(value)}
        onChange={(e) => {
          const option = options.find((o) => String(o.value) === e.currentTarget.value);
          if (option) onChange(option.value);
        }}
      >
        {options.map((option) => (
          <option key={String(option.value)} value={String(option.value)}>
            {option.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
