import type { ReactNode } from 'react';

export interface PlainFormProps {
  /** Called on Enter or the submit button; the page is not reloaded. */
  onSubmit: () => void;
  children: ReactNode;
}

/**
 * A form checked by its own rules (the browser's checks and their bubbles are off) whose submit
 * stays on the page.
 */
export function PlainForm({ onSubmit, children }: PlainFormProps) {
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}
