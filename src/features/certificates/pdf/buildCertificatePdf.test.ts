// @vitest-environment node
import jsQR from 'jsqr';
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it, vi } from 'vitest';
import { buildCertificatePdf, type CertificatePdfInput } from '@shared/certificate-pdf/build.ts';

const certificate: CertificatePdfInput = {
  holderName: 'Zoë Ünal-Dvořák',
  moduleTitle: 'Rural Minds',
  learningOutcomes: [
    'Recognise signs of poor mental health in farming communities.',
    'Respond with confidence when a farmer discloses distress.',
  ],
  completedAt: '2026-11-28T10:15:00Z',
  issuedAt: '2026-11-28T10:15:01Z',
  verifiedMinutes: 119,
  reflection: {
    learned: 'Isolation hides behind “I’m fine”.',
    application: 'Ask about workload at every review.',
    nextSteps: 'Read the rural health guidance.',
  },
  code: 'ABCD2345EFGH',
  verifyUrl: 'https://revolve.example/verify/ABCD2345EFGH',
};

async function read(bytes: Uint8Array) {
  const pdf = await getDocument({ data: bytes.slice() }).promise;
  const pages: string[] = [];
  const sizes: number[][] = [];
  /** Each text item's left, right and baseline. */
  const boxes: { left: number; right: number; baseline: number }[] = [];
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const page = await pdf.getPage(number);
    sizes.push(page.view);
    const content = await page.getTextContent();
    for (const item of content.items) {
      if (!('str' in item) || item.str === '') continue;
      const [, , , , left = 0, baseline = 0] = item.transform as number[];
      boxes.push({ left, right: left + item.width, baseline });
    }
    // A line drawn in two fonts (a character only the extended part has) is two items.
    pages.push(
      content.items
        .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : ''))
        .join(''),
    );
  }
  const info = (await pdf.getMetadata()).info as Record<string, unknown>;
  await pdf.destroy();
  return { text: pages.join('\n'), pages, sizes, info, boxes };
}

/**
 * The QR code as a reader's camera sees it: the black rectangles the last page fills (the page's
 * operators, with their transforms), painted white-on-black into an image, and decoded by jsQR.
 */
async function decodeQr(bytes: Uint8Array): Promise<string | undefined> {
  const pdf = await getDocument({ data: bytes.slice() }).promise;
  const page = await pdf.getPage(pdf.numPages);
  const { fnArray, argsArray } = await page.getOperatorList();
  type Matrix = [number, number, number, number, number, number];
  let transform: Matrix = [1, 0, 0, 1, 0, 0];
  let black = false;
  const saved: [Matrix, boolean][] = [];
  const boxes: { left: number; bottom: number; right: number; top: number }[] = [];
  fnArray.forEach((operator, index) => {
    const args = argsArray[index] as unknown;
    if (operator === OPS.save) saved.push([transform, black]);
    if (operator === OPS.restore) [transform, black] = saved.pop() ?? [transform, black];
    if (operator === OPS.setFillRGBColor) {
      const color = args as Record<number, number>;
      black = color[0] === 0 && color[1] === 0 && color[2] === 0;
    }
    if (operator === OPS.transform) {
      const [a, b, c, d, e, f] = args as Matrix;
      const [a0, b0, c0, d0, e0, f0] = transform;
      transform = [
        a * a0 + b * c0,
        a * b0 + b * d0,
        c * a0 + d * c0,
        c * b0 + d * d0,
        e * a0 + f * c0 + e0,
        e * b0 + f * d0 + f0,
      ];
    }
    if (operator === OPS.constructPath && black) {
      const [minX, minY, maxX, maxY] = (args as [unknown, unknown, number[]])[2];
      const [a, , , d, e, f] = transform;
      boxes.push({
        left: a * (minX ?? 0) + e,
        bottom: d * (minY ?? 0) + f,
        right: a * (maxX ?? 0) + e,
        top: d * (maxY ?? 0) + f,
      });
    }
  });
  await pdf.destroy();
  if (boxes.length === 0) return undefined;
  // Four pixels a point, with a white margin around the code.
  const scale = 4;
  const margin = 16;
  const left = Math.min(...boxes.map((box) => box.left)) - margin;
  const top = Math.max(...boxes.map((box) => box.top)) + margin;
  const size = Math.ceil((Math.max(...boxes.map((box) => box.right)) + margin - left) * scale);
  const height = Math.ceil((top - Math.min(...boxes.map((box) => box.bottom)) + margin) * scale);
  const pixels = new Uint8ClampedArray(size * height * 4).fill(255);
  for (const box of boxes) {
    for (
      let y = Math.round((top - box.top) * scale);
      y < Math.round((top - box.bottom) * scale);
      y += 1
    ) {
      for (
        let x = Math.round((box.left - left) * scale);
        x < Math.round((box.right - left) * scale);
        x += 1
      ) {
        pixels.fill(0, (y * size + x) * 4, (y * size + x) * 4 + 3);
      }
    }
  }
  return jsQR(pixels, size, height)?.data;
}

describe('the certificate PDF', () => {
  it('holds the certificate as real text: name, module, date, time, credits, reflection, check', async () => {
    const { text, pages, sizes, info } = await read(await buildCertificatePdf(certificate));
    expect(pages).toHaveLength(1);
    expect(sizes[0]).toEqual([0, 0, 595.28, 841.89]);
    for (const expected of [
      'Certificate of completion',
      'Zoë Ünal-Dvořák',
      'Rural Minds',
      'Completed on 28 November 2026',
      'Verified learning time: 1 hour 59 minutes',
      'CPD time: 1 hour 45 minutes',
      '1.75 CPD credits (RCGP: one credit per hour, with a reflective note)',
      'Recognise signs of poor mental health in farming communities.',
      'What I learned',
      'Isolation hides behind “I’m fine”.',
      'https://revolve.example/verify/ABCD2345EFGH',
      'Certificate code ABCD-2345-EFGH',
    ]) {
      expect(text).toContain(expected);
    }
    expect(info.Title).toBe('Revolve CPD certificate: Rural Minds, Zoë Ünal-Dvořák');
    expect(info.Language).toBe('en-GB');
    expect(info.Author).toBe('Revolve');
  });

  it('says how to earn credits when there is no reflection', async () => {
    const { text } = await read(await buildCertificatePdf({ ...certificate, reflection: null }));
    expect(text).toContain('Add a reflection on your certificates page');
    expect(text).not.toContain('CPD credits (RCGP');
    expect(text).not.toContain('What I learned');
  });

  it('flows long outcomes and reflections onto further pages, drawing nothing off the page', async () => {
    const long = 'A considered sentence about practice that goes on for a while. '
      .repeat(31)
      .trim();
    const { text, pages, boxes } = await read(
      await buildCertificatePdf({
        ...certificate,
        holderName: 'Bartholomew-Fitzgerald Montgomery-Worthington '.repeat(3).trim(),
        learningOutcomes: Array.from(
          { length: 12 },
          (_, index) => `Outcome ${index + 1}: ${long.slice(0, 180)}`,
        ),
        reflection: { learned: long, application: long, nextSteps: long },
      }),
    );
    expect(pages.length).toBeGreaterThan(1);
    expect(pages.at(-1)).toContain('Certificate code ABCD-2345-EFGH');
    expect(text).toContain('Outcome 12:');
    expect(text).toContain(`Page 1 of ${pages.length}`);
    // Within the margins (56 points; a list's bullet sits just inside).
    for (const box of boxes) {
      expect(box.left).toBeGreaterThanOrEqual(55);
      expect(box.right).toBeLessThanOrEqual(595.28 - 55);
      expect(box.baseline).toBeGreaterThanOrEqual(55);
      expect(box.baseline).toBeLessThanOrEqual(841.89 - 55);
    }
  });

  it('is the same bytes each time it is made: a retried e-mail carries the same attachment', async () => {
    // Made a day apart: nothing in it may come from the clock.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-01T09:00:00Z'));
    const first = await buildCertificatePdf(certificate);
    vi.setSystemTime(new Date('2026-12-02T09:00:00Z'));
    const second = await buildCertificatePdf(certificate);
    vi.useRealTimers();
    expect(Buffer.from(second).equals(Buffer.from(first))).toBe(true);
    const other = await buildCertificatePdf({ ...certificate, verifiedMinutes: 120 });
    expect(Buffer.from(other).equals(Buffer.from(first))).toBe(false);
  });

  it('carries a QR code that opens the verification address', async () => {
    expect(await decodeQr(await buildCertificatePdf(certificate))).toBe(certificate.verifyUrl);
  });
});
