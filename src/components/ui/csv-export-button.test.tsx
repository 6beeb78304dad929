import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CsvExportRequest, PageSource } from '@/lib/csvExport';
import type { Page } from '@/lib/serverPages';
import { CsvExportButton } from './csv-export-button';
import { deferred } from '@/test/render';

const { toastError } = vi.hoisted(() => ({ toastError: vi.fn() }));
vi.mock('@/lib/toast', () => ({ toast: { success: vi.fn(), error: toastError } }));
vi.mock('@/lib/logger', () => ({ logger: { error: vi.fn(), warn: vi.fn() } }));

interface Row {
  n: number;
}

/** A list of 2,500 rows whose pages answer when the test says. */
function slowList() {
  const pages: ReturnType<typeof deferred<Page<Row>>>[] = [];
  const source = vi.fn<PageSource<Row>>((page) => {
    pages[page] = deferred<Page<Row>>();
    return pages[page].promise;
  });
  const answer = (page: number) => {
    const rows = Array.from({ length: Math.min(1000, 2500 - page * 1000) }, (_, i) => ({
      n: page * 1000 + i + 1,
    }));
    pages[page]?.resolve({ rows, total: 2500 });
  };
  return { source, pages, answer };
}

const request = (source: PageSource<Row>): CsvExportRequest<Row> => ({
  list: 'numbers',
  columns: [{ header: 'Number', value: (row) => row.n }],
  source,
});

const downloads: { name: string; blob: Blob }[] = [];

describe('CsvExportButton', () => {
  beforeEach(() => {
    downloads.length = 0;
    toastError.mockReset();
    const blobs = new Map<string, Blob>();
    // jsdom has no object URLs: each file is kept here under a URL of its own.
    URL.createObjectURL = (blob: Blob) => {
      const url = `blob:test/${blobs.size}`;
      blobs.set(url, blob);
      return url;
    };
    URL.revokeObjectURL = () => undefined;
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      downloads.push({ name: this.download, blob: blobs.get(this.href) as Blob });
    });
  });

  it('reads every page with progress, then downloads the file', async () => {
    const user = userEvent.setup();
    const list = slowList();
    render(<CsvExportButton request={() => request(list.source)} />);

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(screen.getByRole('status')).toHaveTextContent('Exporting…');
    expect(screen.getByRole('button', { name: 'Cancel export' })).toHaveFocus();

    list.answer(0);
    expect(await screen.findByText('Exporting… 1,000 of 2,500')).toBeVisible();
    expect(screen.getByRole('progressbar', { name: 'Export progress' })).toHaveAttribute(
      'value',
      '1000',
    );
    list.answer(1);
    expect(await screen.findByText('Exporting… 2,000 of 2,500')).toBeVisible();
    list.answer(2);

    expect(await screen.findByText('Exported 2,500 rows.')).toBeVisible();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(list.source).toHaveBeenCalledTimes(3);
    expect(downloads).toHaveLength(1);
    const [file] = downloads;
    expect(file?.name).toMatch(/^revolve-numbers-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = new Uint8Array((await file?.blob.arrayBuffer()) ?? []);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes.slice(3)).split('\r\n');
    expect(lines).toHaveLength(2501);
    expect(lines.slice(0, 3)).toEqual(['Number', '1', '2']);
    expect(lines.at(-1)).toBe('2500');
    expect(toastError).not.toHaveBeenCalled();
  });

  /** Starts an export and lets its first page of 1,000 rows answer. */
  async function exportFirstPage() {
    const user = userEvent.setup();
    const list = slowList();
    render(<CsvExportButton request={() => request(list.source)} />);
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    list.answer(0);
    await screen.findByText('Exporting… 1,000 of 2,500');
    return { user, list };
  }

  it('cancels: no further page, no file, and it can start again', async () => {
    const { user, list } = await exportFirstPage();
    await user.click(screen.getByRole('button', { name: 'Cancel export' }));
    list.answer(1);

    expect(await screen.findByText('Export cancelled.')).toBeVisible();
    expect(list.source).toHaveBeenCalledTimes(2);
    expect(downloads).toHaveLength(0);
    expect(toastError).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  });

  it('toasts a failure once and offers the export again', async () => {
    const { list } = await exportFirstPage();
    await waitFor(() => expect(list.pages[1]).toBeDefined());
    list.pages[1]?.reject(new Error('offline'));

    expect(await screen.findByRole('button', { name: 'Export CSV' })).toBeEnabled();
    expect(toastError).toHaveBeenCalledExactlyOnceWith(
      'Export Failed',
      'The CSV file could not be created. Please try again.',
    );
    expect(downloads).toHaveLength(0);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });
});
