import fontkit from '@pdf-lib/fontkit';
import type { Color, PDFDocument, PDFFont, PDFPage } from 'pdf-lib';

/** A stretch of text in one font. */
interface Run {
  text: string;
  font: PDFFont;
}

/**
 * One weight of the typeface, drawn from its Latin part and, for the characters that part lacks,
 * its extended Latin part; a character neither has is drawn as '?'. Measures, wraps and draws
 * text as real, selectable text.
 */
export class Typeface {
  private constructor(
    private readonly latin: { font: PDFFont; has: (codePoint: number) => boolean },
    private readonly extended: { font: PDFFont; has: (codePoint: number) => boolean },
  ) {}

  static async embed(
    pdf: PDFDocument,
    files: { latin: Uint8Array; extended: Uint8Array },
  ): Promise<Typeface> {
    const part = async (bytes: Uint8Array) => {
      const face = fontkit.create(bytes);
      return {
        font: await pdf.embedFont(bytes, { subset: true }),
        has: (codePoint: number) => face.hasGlyphForCodePoint(codePoint),
      };
    };
    return new Typeface(await part(files.latin), await part(files.extended));
  }

  private runs(text: string): Run[] {
    const runs: Run[] = [];
    for (const character of text) {
      const codePoint = character.codePointAt(0) ?? 0;
      const [font, drawn] = this.latin.has(codePoint)
        ? [this.latin.font, character]
        : this.extended.has(codePoint)
          ? [this.extended.font, character]
          : [this.latin.font, '?'];
      const last = runs.at(-1);
      if (last?.font === font) last.text += drawn;
      else runs.push({ text: drawn, font });
    }
    return runs;
  }

  width(text: string, size: number): number {
    return this.runs(text).reduce(
      (sum, run) => sum + run.font.widthOfTextAtSize(run.text, size),
      0,
    );
  }

  /** The text broken into lines no wider than `width`; a word longer than a line is split. */
  wrap(text: string, size: number, width: number): string[] {
    const lines: string[] = [];
    for (const paragraph of text.split(/\r?\n/)) {
      let line = '';
      for (const word of paragraph.split(/\s+/).filter(Boolean)) {
        const candidate = line ? `${line} ${word}` : word;
        if (this.width(candidate, size) <= width) {
          line = candidate;
          continue;
        }
        if (line) lines.push(line);
        line = '';
        let rest = word;
        while (this.width(rest, size) > width) {
          let cut = rest.length - 1;
          while (cut > 1 && this.width(rest.slice(0, cut), size) > width) cut -= 1;
          lines.push(rest.slice(0, cut));
          rest = rest.slice(cut);
        }
        line = rest;
      }
      lines.push(line);
    }
    return lines;
  }

  draw(page: PDFPage, text: string, at: { x: number; y: number; size: number; color: Color }) {
    let x = at.x;
    for (const run of this.runs(text)) {
      page.drawText(run.text, { x, y: at.y, size: at.size, font: run.font, color: at.color });
      x += run.font.widthOfTextAtSize(run.text, at.size);
    }
  }
}
