import { Download, X } from 'lucide-react';
import { csvExport as copy } from '@/content/csvExport';
import { useCsvExport, type CsvExportRequest, type CsvExportState } from '@/lib/csvExport';
import { Button } from './button';

function statusText(state: CsvExportState): string {
  switch (state.phase) {
    case 'idle':
      return '';
    case 'exporting':
      return state.progress.total === null
        ? copy.starting
        : copy.progress(state.progress.done, state.progress.total);
    case 'done':
      return copy.done(state.rows);
    case 'cancelled':
      return copy.cancelled;
  }
}

/**
 * Exports a list's current search and filters as a CSV file. While it runs the button cancels it
 * (the same button, so focus stays), and a progress bar and a status line say how far it is.
 */
export function CsvExportButton<Row>({
  request,
  disabled = false,
}: {
  request: () => CsvExportRequest<Row>;
  disabled?: boolean;
}) {
  const { state, start, cancel } = useCsvExport(request);
  const exporting = state.phase === 'exporting';
  const progress = exporting ? state.progress : null;

  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button
        variant="outline"
        disabled={disabled && !exporting}
        onClick={exporting ? cancel : () => void start()}
      >
        {exporting ? <X aria-hidden /> : <Download aria-hidden />}
        {exporting ? copy.cancel : copy.button}
      </Button>
      {progress ? (
        <progress
          aria-label={copy.progressLabel}
          max={progress.total || undefined}
          value={progress.total ? progress.done : undefined}
          className="h-2 w-32 accent-primary"
        />
      ) : null}
      <p role="status" className="text-sm text-muted-foreground tabular-nums">
        {statusText(state)}
      </p>
    </div>
  );
}
