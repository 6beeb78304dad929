import { useId } from 'react';
import { NativeSelect } from '@/components/ui/native-select';

/**
 * A list's filter on one of a column's values (a lead's status, an audit action): a labelled
 * select with "all" first. `inline` puts the label beside the select, else above it.
 */
export function ValueFilter<Value extends string>({
  label,
  allLabel,
  values,
  labels,
  value,
  onChange,
  inline = false,
}: {
  label: string;
  allLabel: string;
  values: readonly Value[];
  labels: Record<Value, string>;
  value: Value | null;
  onChange: (value: Value | null) => void;
  inline?: boolean;
}) {
  const id = useId();
  return (
    <div className={inline ? 'flex items-center gap-2' : 'space-y-1'}>
      <label htmlFor={id} className={inline ? 'text-sm font-medium' : 'block text-sm font-medium'}>
        {label}
      </label>
      <NativeSelect
        id={id}
        value={value ?? ''}
        onChange={(event) =>
          onChange(values.find((candidate) => candidate === event.target.value) ?? null)
        }
      >
        <option value="">{allLabel}</option>
        {values.map((candidate) => (
          <option key={candidate} value={candidate}>
            {labels[candidate]}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
