import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { activityPage, auditActions, auditDetailLabels, auditDetailValues } from '@/content/sales';
import { Constants } from '@/lib/database.types';
import { findModule } from '@/content/modules';
import { formatDate, formatDateTime } from '@/lib/dates';
import { auditDetails, type AuditAction, type AuditEntry, SALES_PAGE_SIZE } from '../api';
import { useAuditLog } from '../hooks';
import { Pager } from '@/components/ui/pager';
import { ScrollTable, type TableColumn } from '@/components/ui/scroll-table';
import { ValueFilter } from './ValueFilter';
import { ListLoadState } from './ListLoadState';

const copy = activityPage.auditLog;
const actions = Constants.public.Enums.admin_audit_log_action;

function detailValue(key: string, value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'boolean') return value ? auditDetailValues.yes : auditDetailValues.no;
  if (Array.isArray(value))
    return value.map((slug) => findModule(String(slug))?.title ?? String(slug)).join(', ');
  if (key === 'expires_at' && typeof value === 'string') return formatDate(value);
  return String(value);
}

/** The entry's details worth reading, labelled, in a fixed order. */
function details(entry: AuditEntry): { label: string; value: string }[] {
  const recorded = auditDetails(entry.details);
  return Object.entries(auditDetailLabels).flatMap(([key, label]) => {
    const value = detailValue(key, recorded[key]);
    return value === null ? [] : [{ label, value }];
  });
}

function Details({ entry }: { entry: AuditEntry }) {
  const shown = details(entry);
  if (shown.length === 0) return null;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-2 gap-y-0.5 text-xs">
      {shown.map(({ label, value }) => (
        <div key={label} className="contents">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const auditColumns: TableColumn<AuditEntry>[] = [
  {
    header: copy.columns.when,
    className: 'whitespace-nowrap align-top',
    cell: (entry) => formatDateTime(entry.at),
  },
  {
    header: copy.columns.admin,
    className: 'align-top',
    cell: (entry) => entry.actor_email ?? copy.unknownActor,
  },
  {
    header: copy.columns.action,
    rowHeader: true,
    className: 'whitespace-nowrap align-top',
    cell: (entry) => auditActions[entry.action],
  },
  {
    header: copy.columns.details,
    className: 'min-w-56 align-top',
    cell: (entry) => <Details entry={entry} />,
  },
];

/** The admin audit log, newest first, filtered by action and by the acting admin's e-mail. */
export function AuditLogPanel() {
  const [action, setAction] = useState<AuditAction | null>(null);
  const [actor, setActor] = useState('');
  const [page, setPage] = useState(0);
  const actorId = useId();
  const { data, isPending, isError } = useAuditLog(page, action, actor.trim());
  const filtered = action !== null || actor.trim() !== '';

  return (
    // Not a landmark of its own: the table's scrolling region already carries this name.
    <div className="space-y-4">
      <h2 className="text-2xl font-semibold text-brand-ink">{copy.heading}</h2>
      <div className="flex flex-wrap items-end gap-4">
        <ValueFilter
          label={copy.actionFilterLabel}
          allLabel={copy.allActions}
          values={actions}
          labels={auditActions}
          value={action}
          onChange={(value) => {
            setAction(value);
            setPage(0);
          }}
        />
        <div className="w-full max-w-xs space-y-1">
          <label htmlFor={actorId} className="block text-sm font-medium">
            {copy.actorLabel}
          </label>
          <Input
            id={actorId}
            type="search"
            placeholder={copy.actorPlaceholder}
            value={actor}
            onChange={(event) => {
              setActor(event.target.value);
              setPage(0);
            }}
          />
        </div>
      </div>

      {data && data.rows.length > 0 ? (
        <ScrollTable
          caption={copy.caption}
          columns={auditColumns}
          rows={data.rows}
          rowKey={(entry) => String(entry.id)}
        />
      ) : null}
      {data && data.rows.length === 0 ? (
        <div className="space-y-3 rounded-lg border px-4 py-8 text-center text-muted-foreground">
          <p>{filtered ? copy.noMatches : copy.empty}</p>
          {filtered ? (
            <Button
              variant="outline"
              size="sm"
              onClick={() => {
                setAction(null);
                setActor('');
                setPage(0);
              }}
            >
              {copy.clearFilters}
            </Button>
          ) : null}
        </div>
      ) : null}
      <ListLoadState pending={isPending} failed={isError && !data} copy={copy} />
      <Pager
        label={copy.pagesLabel}
        page={page}
        pageSize={SALES_PAGE_SIZE}
        total={data?.total ?? 0}
        onPage={setPage}
      />
    </div>
  );
}
