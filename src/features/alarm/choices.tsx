import { Checkbox } from '@chakra-ui/react';

/** One value a user may choose, and its text. */
export interface Choice<T> {
  value: T;
  label: string;
}

/** A checkbox for each choice; the caller lays them out. */
export function Choices<T extends string>({
  choices,
  chosen,
  onChange,
  size,
}: {
  choices: readonly Choice<T>[];
  chosen: readonly T[];
  onChange: (chosen: T[]) => void;
  size?: 'sm';
}) {
  return (
    <>
      {choices.map((choice) => (
        <Checkbox.Root
          key={choice.value}
          size={size}
          checked={chosen.includes(choice.value)}
          onCheckedChange={(e) =>
            onChange(
              e.checked === true
                ? [...chosen, choice.value]
                : chosen.filter((value) => value !== choice.value),
            )
          }
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{choice.label}</Checkbox.Label>
        </Checkbox.Root>
      ))}
    </>
  );
}
