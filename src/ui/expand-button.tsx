import { IconButton } from '@chakra-ui/react';
import { ChevronRightIcon } from './icons';

export interface ExpandButtonProps {
  expanded: boolean;
  /** The id of what it opens, there while open. */
  controls: string;
  /** Says what opens or closes. */
  label: string;
  onClick(): void;
}

/** The button of a table row that opens the row's details under it: a chevron turning down. */
export function ExpandButton({ expanded, controls, label, onClick }: ExpandButtonProps) {
  return (
    <IconButton
      size="xs"
      variant="ghost"
      aria-expanded={expanded}
      aria-controls={expanded ? controls : undefined}
      aria-label={label}
      onClick={onClick}
    >
      <ChevronRightIcon
        style={{ transform: expanded ? 'rotate(90deg)' : undefined, transition: 'transform 0.15s' }}
      />
    </IconButton>
  );
}
