import { dictLabel, useAppState } from '../../../ui/app-state';
import { LabelledSelect } from '../../../ui/labelled-select';

/** A filter by the codes of one of the console's dictionaries, by their labels, after "all". */
export function DictionaryFilter({
  label,
  all,
  dictionary,
  codes,
  value,
  onChange,
}: {
  label: string;
  all: string;
  dictionary: 'service_type' | 'area';
  codes: readonly string[];
  value: string | undefined;
  onChange(value: string | undefined): void;
}) {
  const { dict } = useAppState();
  return (
    <LabelledSelect
      size="sm"
      label={label}
      value={value ?? ''}
      minW="140px"
      onChange={(next) => onChange(next || undefined)}
    >
      <option value="">{all}</option>
      {codes.map((code) => (
        <option key={code} value={code}>
          {dictLabel(dict, dictionary, code)}
        </option>
      ))}
    </LabelledSelect>
  );
}
