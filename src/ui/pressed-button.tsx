import { Button, type ButtonProps } from '@chakra-ui/react';

export interface PressedButtonProps extends Omit<ButtonProps, 'size' | 'variant' | 'colorPalette'> {
  /** Whether it is the choice in force: solid blue, and pressed for screen readers. */
  pressed: boolean;
}

/** One of a row of small buttons choosing one thing, such as a period or a view. */
export function PressedButton({ pressed, ...button }: PressedButtonProps) {
  return (
    <Button
      size="sm"
      variant={pressed ? 'solid' : 'outline'}
      colorPalette={pressed ? 'blue' : 'gray'}
      aria-pressed={pressed}
      {...button}
    />
  );
}
