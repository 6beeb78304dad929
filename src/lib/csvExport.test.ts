import { describe, expect, it, vi } from 'vitest';
import { csvColumns, isoTimestamp } from './csvColumns';
import { csvFileName, readAllPages, type PageSource } from './csvExport';

/** A list of `size` rows served a page at a time, recording each request. */
function fakeList(size: number) {
  const rows = Array.from({ length: size }, (_, index) => ({ n: index + 1 }));
  const requests: { page: number; pageSize: number }[] = [];
  const source: PageSource<{ n: number }> = (page, pageSize) => {
    requests.push({ page, pageSize });
    return Promise.resolve({
      rows: rows.slice(page * pageSize, (page + 1) * pageSize),
      total: size,
    });
  };
  return { source, requests };
}

describe('readAllPages', () => {
  it('reads 10,000 rows in pages of 1,000: every row, in order, with progress after each page', async () => {
    const { source, requests } = fakeList(10_000);
    const progress = vi.fn();
    const rows = await readAllPages(source, {
      signal: new AbortController().signal,
      onProgress: progress,
    });

    expect(rows).toHaveLength(10_000);
    expect(rows.map((row) => row.n)).toEqual(Array.from({ length: 10_000 }, (_, i) => i + 1));
    expect(requests).toEqual(Array.from({ length: 10 }, (_, page) => ({ page, pageSize: 1000 })));
    expect(progress.mock.calls.map(([report]) => report)).toEqual(
      Array.from({ length: 10 }, (_, page) => ({ done: (page + 1) * 1000, total: 10_000 })),
    );
  });

  it('stops at a short last page, and reads an empty list once', async () => {
    const some = fakeList(2_345);
    expect(await readAllPages(some.source, { signal: new AbortController().signal })).toHaveLength(
      2_345,
    );
    expect(some.requests).toHaveLength(3);

    const none = fakeList(0);
    const progress = vi.fn();
    expect(
      await readAllPages(none.source, {
        signal: new AbortController().signal,
        onProgress: progress,
      }),
    ).toEqual([]);
    expect(none.requests).toHaveLength(1);
    expect(progress).toHaveBeenCalledExactlyOnceWith({ done: 0, total: 0 });
  });

  it('reads no further page once cancelled', async () => {
    const { source, requests } = fakeList(10_000);
    const controller = new AbortController();
    const reading = readAllPages(source, {
      signal: controller.signal,
      onProgress: ({ done }) => {
        if (done === 3_000) controller.abort();
      },
    });
    await expect(reading).rejects.toThrow();
    expect(requests).toHaveLength(3);
  });

  it('fails with the source', async () => {
    const source: PageSource<never> = () => Promise.reject(new Error('offline'));
    await expect(readAllPages(source, { signal: new AbortController().signal })).rejects.toThrow(
      'offline',
    );
  });
});

describe('csv columns', () => {
  it('keeps the headers’ order and gives each its value', () => {
    const columns = csvColumns<{ a: string; b: number }, 'b' | 'a'>(
      { b: 'Bee', a: 'Ay' },
      { a: (row) => row.a, b: (row) => row.b },
    );
    expect(columns.map((column) => column.header)).toEqual(['Bee', 'Ay']);
    expect(columns.map((column) => column.value({ a: 'x', b: 2 }))).toEqual([2, 'x']);
  });

  it('writes timestamps as ISO 8601 in UTC', () => {
    expect(isoTimestamp('2026-07-01T14:30:00.123456+01:00')).toBe('2026-07-01T13:30:00.123Z');
    expect(isoTimestamp(null)).toBeNull();
  });
});

describe('csvFileName', () => {
  it('names the list and the day in London', () => {
    expect(csvFileName('leads', new Date('2026-11-24T10:00:00Z'))).toBe(
      'revolve-leads-2026-11-24.csv',
    );
    // 23:30 UTC on 30 June is already 1 July in London (BST).
    expect(csvFileName('users', new Date('2026-06-30T23:30:00Z'))).toBe(
      'revolve-users-2026-07-01.csv',
    );
  });
});
