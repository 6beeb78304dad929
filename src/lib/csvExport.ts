import { useEffect, useRef, useState } from 'react';
import { csvExport as copy } from '@/content/csvExport';
import { isoDay } from './dates';
import { downloadFile } from './downloadFile';
import { logger } from './logger';
import type { CsvColumn } from './csvColumns';
import type { Page } from './serverPages';
import { toast } from './toast';

/**
 * CSV export of a list read from the server a page at a time: every row of the current search and
 * filters, read in pages of EXPORT_PAGE_SIZE (never one unbounded request), with progress, then
 * written as a CSV file and downloaded.
 */

/** Rows per request: the server's most (PostgREST's max_rows). */
export const EXPORT_PAGE_SIZE = 1000;

/** Page `page` (zero-based) of `pageSize` rows of the list, with the list's current total. */
export type PageSource<Row> = (
  page: number,
  pageSize: number,
  signal: AbortSignal,
) => Promise<Page<Row>>;

export interface ExportProgress {
  done: number;
  /** null until the first page has answered. */
  total: number | null;
}

/**
 * Every row of the source, in its order, reading page after page until a short page or the total
 * is reached; `onProgress` hears after each page.
 */
export async function readAllPages<Row>(
  source: PageSource<Row>,
  {
    signal,
    pageSize = EXPORT_PAGE_SIZE,
    onProgress,
  }: { signal: AbortSignal; pageSize?: number; onProgress?: (progress: ExportProgress) => void },
): Promise<Row[]> {
  const rows: Row[] = [];
  for (let page = 0; ; page += 1) {
    signal.throwIfAborted();
    const { rows: batch, total } = await source(page, pageSize, signal);
    rows.push(...batch);
    onProgress?.({ done: rows.length, total: Math.max(total, rows.length) });
    if (batch.length < pageSize || rows.length >= total) return rows;
  }
}

/** "revolve-leads-2026-11-24.csv", dated the day it is in London. */
export function csvFileName(list: string, now = new Date()): string {
  return copy.fileName(list, isoDay(now));
}

/** What to export, read when the export starts (so it is the list's search and filters then). */
export interface CsvExportRequest<Row> {
  /** The list's part of the file name: "leads" gives revolve-leads-<day>.csv. */
  list: string;
  columns: readonly CsvColumn<Row>[];
  source: PageSource<Row>;
}

export type CsvExportState =
  | { phase: 'idle' }
  | { phase: 'exporting'; progress: ExportProgress }
  | { phase: 'done'; rows: number }
  | { phase: 'cancelled' };

/**
 * Runs one export at a time: `start` does nothing while one runs, `cancel` stops it (as does
 * leaving the page), and a failure is toasted once.
 */
export function useCsvExport<Row>(request: () => CsvExportRequest<Row>) {
  const [state, setState] = useState<CsvExportState>({ phase: 'idle' });
  const running = useRef<AbortController | null>(null);

  useEffect(() => () => running.current?.abort(), []);

  const start = async () => {
    if (running.current) return;
    const controller = new AbortController();
    running.current = controller;
    const { list, columns, source } = request();
    setState({ phase: 'exporting', progress: { done: 0, total: null } });
    try {
      const rows = await readAllPages(source, {
        signal: controller.signal,
        onProgress: (progress) => setState({ phase: 'exporting', progress }),
      });
      const { csvText } = await import('./csvText');
      controller.signal.throwIfAborted();
      downloadFile(
        csvFileName(list),
        new Blob([csvText(columns, rows)], { type: 'text/csv;charset=utf-8' }),
      );
      setState({ phase: 'done', rows: rows.length });
    } catch (error) {
      if (controller.signal.aborted) {
        setState({ phase: 'cancelled' });
      } else {
        logger.error('Error exporting a CSV file:', error);
        toast.error(copy.failed.title, copy.failed.description);
        setState({ phase: 'idle' });
      }
    } finally {
      running.current = null;
    }
  };

  const cancel = () => running.current?.abort();

  return { state, start, cancel };
}
