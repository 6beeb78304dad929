import { useId, type Ref } from 'react';
import { NativeSelect } from '@/components/ui/native-select';
import { SearchField } from '@/components/ui/search-field';
import { memberFilters as copy } from '@/content/organisation';
import { memberSorts, NO_COHORT, type Cohort, type MemberSort } from '../api';

export interface MemberFilterValues {
  search: string;
  /** null: every cohort; NO_COHORT: members in none; else a cohort's id. */
  cohort: string | null;
  sort: MemberSort;
}

export const noFilters: MemberFilterValues = { search: '', cohort: null, sort: 'name' };

/**
 * The members' search (name or e-mail), cohort filter and, where the list offers it, its order:
 * labelled fields that wrap on a narrow screen.
 */
export function MemberFilters({
  value,
  onChange,
  cohorts,
  sortable = false,
  searchRef,
}: {
  value: MemberFilterValues;
  onChange: (value: MemberFilterValues) => void;
  cohorts: readonly Cohort[];
  sortable?: boolean;
  searchRef?: Ref<HTMLInputElement>;
}) {
  const cohortId = useId();
  const sortId = useId();
  return (
    <div className="flex flex-wrap items-end gap-4">
      <SearchField
        ref={searchRef}
        label={copy.searchLabel}
        placeholder={copy.searchPlaceholder}
        value={value.search}
        onChange={(search) => onChange({ ...value, search })}
      />
      <div className="space-y-1">
        <label htmlFor={cohortId} className="block text-sm font-medium">
          {copy.cohortLabel}
        </label>
        <NativeSelect
          id={cohortId}
          value={value.cohort ?? ''}
          onChange={(event) => onChange({ ...value, cohort: event.target.value || null })}
        >
          <option value="">{copy.allCohorts}</option>
          <option value={NO_COHORT}>{copy.noCohort}</option>
          {cohorts.map((cohort) => (
            <option key={cohort.id} value={cohort.id}>
              {cohort.name}
            </option>
          ))}
        </NativeSelect>
      </div>
      {sortable ? (
        <div className="space-y-1">
          <label htmlFor={sortId} className="block text-sm font-medium">
            {copy.sortLabel}
          </label>
          <NativeSelect
            id={sortId}
            value={value.sort}
            onChange={(event) =>
              onChange({
                ...value,
                sort: memberSorts.find((sort) => sort === event.target.value) ?? 'name',
              })
            }
          >
            {memberSorts.map((sort) => (
              <option key={sort} value={sort}>
                {copy.sorts[sort]}
              </option>
            ))}
          </NativeSelect>
        </div>
      ) : null}
    </div>
  );
}

/** Whether any filter narrows the list (the search or the cohort). */
export function isFiltered(value: MemberFilterValues): boolean {
  return value.search.trim() !== '' || value.cohort !== null;
}
