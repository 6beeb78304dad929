import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFPage } from 'pdf-lib';
import { formatCertificateCode } from '../certificate-code.ts';
import { cpdTime, creditsLabel, durationLabel } from '../cpd.ts';
import { londonLongDate } from '../dates.ts';
import { organisation } from '../organisation.ts';
import { certificatePdfCopy as copy } from './copy.ts';
import { fontFiles } from './fonts.ts';
import { qrMatrix } from './qr-matrix.ts';
import { Typeface } from './typeface.ts';

export interface CertificatePdfInput {
  holderName: string;
  moduleTitle: string;
  learningOutcomes: string[];
  /** ISO timestamps. */
  completedAt: string;
  issuedAt: string;
  verifiedMinutes: number;
  reflection: { learned: string; application: string; nextSteps: string } | null;
  /** The stored code, without hyphens. */
  code: string;
  /** The absolute address anyone checks the certificate at. */
  verifyUrl: string;
}

// A4 in points, and the page's furniture.
const pageSize: [number, number] = [595.28, 841.89];
const margin = 56;
const contentWidth = pageSize[0] - margin * 2;
const footerHeight = 36;
const qrSize = 96;

// The site's theme: the primary teal (theme-color #0b5866), body text and muted text.
const teal = rgb(0x0b / 255, 0x58 / 255, 0x66 / 255);
const ink = rgb(0.09, 0.11, 0.13);
const muted = rgb(0.33, 0.37, 0.41);

/**
 * The certificate as an A4 PDF: real text in the brand typeface (selectable and searchable), with
 * its title and language for screen readers, flowing onto further pages when the outcomes and the
 * reflection need them, and the verification address with its QR code at the end.
 */
export async function buildCertificatePdf(input: CertificatePdfInput): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  const files = fontFiles();
  const regular = await Typeface.embed(pdf, files.regular);
  const bold = await Typeface.embed(pdf, files.bold);

  pdf.setTitle(copy.documentTitle(input.moduleTitle, input.holderName), {
    showInWindowTitleBar: true,
  });
  pdf.setLanguage('en-GB');
  pdf.setSubject(copy.subject);
  pdf.setAuthor(organisation.name);
  pdf.setCreator(organisation.name);
  pdf.setProducer(organisation.name);
  pdf.setKeywords(['CPD', 'certificate', input.moduleTitle]);
  // Dated by the certificate, not the moment it is made: the same certificate is the same bytes,
  // so a retried e-mail carries the same attachment (its provider's idempotency compares bodies).
  pdf.setCreationDate(new Date(input.issuedAt));
  pdf.setModificationDate(new Date(input.issuedAt));

  let page: PDFPage = pdf.addPage(pageSize);
  let y = pageSize[1] - margin;

  const newPage = () => {
    page = pdf.addPage(pageSize);
    y = pageSize[1] - margin;
    band();
    write(copy.continued, { face: bold, size: 12, color: teal, after: 16 });
  };
  /** Room for `height` more points above the footer, on a new page if need be. */
  const room = (height: number) => {
    if (y - height < margin + footerHeight) newPage();
  };
  const band = () => {
    page.drawRectangle({ x: 0, y: pageSize[1] - 10, width: pageSize[0], height: 10, color: teal });
  };
  function write(
    text: string,
    options: {
      face: Typeface;
      size: number;
      color?: typeof ink;
      indent?: number;
      after?: number;
      bullet?: boolean;
    },
  ) {
    const { face, size, color = ink, indent = 0, after = 0 } = options;
    const leading = size * 1.3;
    const lines = face.wrap(text, size, contentWidth - indent);
    lines.forEach((line, index) => {
      room(leading);
      y -= size;
      if (options.bullet && index === 0) {
        regular.draw(page, '•', { x: margin + indent - 12, y, size, color: teal });
      }
      face.draw(page, line, { x: margin + indent, y, size, color });
      y -= leading - size;
    });
    y -= after;
  }

  band();
  write(organisation.name, { face: bold, size: 20, color: teal });
  write(organisation.tagline, { face: regular, size: 10, color: muted, after: 28 });

  write(copy.heading, { face: bold, size: 30, after: 18 });
  write(copy.awardedTo, { face: regular, size: 12, color: muted, after: 6 });
  write(input.holderName, { face: bold, size: 24, after: 10 });
  write(copy.completedModule, { face: regular, size: 12, color: muted, after: 6 });
  write(input.moduleTitle, { face: bold, size: 20, color: teal, after: 18 });

  const time = cpdTime(input.verifiedMinutes, input.reflection !== null);
  write(copy.completedOn(londonLongDate(input.completedAt)), { face: regular, size: 12, after: 4 });
  write(copy.verifiedTime(durationLabel(input.verifiedMinutes)), {
    face: bold,
    size: 12,
    after: 4,
  });
  write(copy.cpdTime(time.label), { face: regular, size: 12, after: 4 });
  write(time.credits === null ? copy.noCredits : copy.credits(creditsLabel(time.credits)), {
    face: regular,
    size: 11,
    color: time.credits === null ? muted : ink,
    after: 4,
  });
  write(`${copy.verifiedTimeNote} ${copy.cpdTimeNote}`, {
    face: regular,
    size: 9,
    color: muted,
    after: 18,
  });

  if (input.learningOutcomes.length > 0) {
    room(40);
    write(copy.outcomesHeading, { face: bold, size: 13, color: teal, after: 6 });
    for (const outcome of input.learningOutcomes) {
      write(outcome, { face: regular, size: 10.5, indent: 14, bullet: true, after: 3 });
    }
    y -= 16;
  }

  if (input.reflection) {
    room(40);
    write(copy.reflectionHeading, { face: bold, size: 13, color: teal, after: 6 });
    for (const [label, text] of [
      [copy.reflection.learned, input.reflection.learned],
      [copy.reflection.application, input.reflection.application],
      [copy.reflection.nextSteps, input.reflection.nextSteps],
    ] as const) {
      room(30);
      write(label, { face: bold, size: 11, after: 2 });
      write(text, { face: regular, size: 10.5, after: 8 });
    }
    y -= 8;
  }

  // The check: the QR code of the address, and the address and code as text beside it.
  room(qrSize + 8);
  const top = y;
  drawQr(page, qrMatrix(input.verifyUrl), margin, top - qrSize, qrSize);
  const textX = margin + qrSize + 18;
  const textWidth = contentWidth - qrSize - 18;
  const besideQr = (text: string, face: Typeface, size: number, color = ink) => {
    for (const line of face.wrap(text, size, textWidth)) {
      y -= size;
      face.draw(page, line, { x: textX, y, size, color });
      y -= size * 0.35;
    }
  };
  besideQr(copy.verifyHeading, bold, 12, teal);
  y -= 2;
  besideQr(copy.verifyText, regular, 9.5, muted);
  y -= 2;
  besideQr(input.verifyUrl, regular, 10, teal);
  besideQr(copy.code(formatCertificateCode(input.code)), bold, 10);
  besideQr(copy.issuedOn(londonLongDate(input.issuedAt)), regular, 9.5, muted);
  y = Math.min(y, top - qrSize);

  // Every page's foot: Revolve's details and the page number.
  const pages = pdf.getPages();
  const details = [
    organisation.legalName,
    organisation.contactEmail,
    `${organisation.address.locality}, ${organisation.address.country}`,
  ]
    .filter(Boolean)
    .join('  ·  ');
  pages.forEach((each, index) => {
    each.drawLine({
      start: { x: margin, y: margin + 14 },
      end: { x: pageSize[0] - margin, y: margin + 14 },
      thickness: 0.5,
      color: muted,
    });
    regular.draw(each, details, { x: margin, y: margin, size: 8, color: muted });
    const number = copy.pageNumber(index + 1, pages.length);
    regular.draw(each, number, {
      x: pageSize[0] - margin - regular.width(number, 8),
      y: margin,
      size: 8,
      color: muted,
    });
  });

  return pdf.save();
}

/** The QR code as dark squares, `size` points wide, its lower left corner at (x, y). */
function drawQr(page: PDFPage, matrix: boolean[][], x: number, y: number, size: number) {
  const cell = size / matrix.length;
  matrix.forEach((row, rowIndex) => {
    // Each run of dark modules in a row is one rectangle.
    let start = -1;
    row.forEach((dark, columnIndex) => {
      if (dark && start < 0) start = columnIndex;
      if (start >= 0 && (!dark || columnIndex === row.length - 1)) {
        const end = dark ? columnIndex + 1 : columnIndex;
        page.drawRectangle({
          x: x + start * cell,
          y: y + size - (rowIndex + 1) * cell,
          width: (end - start) * cell,
          height: cell,
          color: rgb(0, 0, 0),
        });
        start = -1;
      }
    });
  });
}
