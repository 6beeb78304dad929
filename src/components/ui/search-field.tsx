import { useId, type Ref } from 'react';
import { Search } from 'lucide-react';
import { Input } from './input';

/**
 * A list's search box: a visually hidden label, a search icon, and the value typed. `ref` reaches
 * the input, so a Clear search button can put focus back in it.
 */
export function SearchField({
  label,
  placeholder,
  value,
  onChange,
  ref,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  ref?: Ref<HTMLInputElement>;
}) {
  const id = useId();
  return (
    <div className="relative w-full max-w-sm">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search
        aria-hidden
        className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-foreground"
      />
      <Input
        ref={ref}
        id={id}
        type="search"
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="pl-9"
      />
    </div>
  );
}
