import { Input, InputGroup, type InputGroupProps } from '@chakra-ui/react';
import { SearchIcon } from './icons';

export interface SearchInputProps extends Pick<InputGroupProps, 'flex' | 'minW' | 'maxW'> {
  value: string;
  onChange(text: string): void;
  /** The box's accessible name, and its placeholder unless one is given. */
  label: string;
  placeholder?: string;
  size?: 'sm' | 'md';
}

/** The search box of a list: a magnifier and a search field. */
export function SearchInput({ value, onChange, label, placeholder, size, ...layout }: SearchInputProps) {
  return (
    <InputGroup startElement={<SearchIcon />} {...layout}>
      <Input
        type="search"
        size={size}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        aria-label={label}
        placeholder={placeholder ?? label}
      />
    </InputGroup>
  );
}
