/**
 * QR codes (ISO/IEC 18004) for the TOTP enrolment answer, drawn as SVG the way GoTrue sends them:
 * byte mode, error correction level H, the smallest version that holds the text, 3 px modules and a
 * quiet zone of 4 modules.
 */

/** Level H per version 1-40: error-correction codewords in each block, and the number of blocks. */
const eccPerBlock = [
  17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28, 30, 24, 30, 30,
  30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
];
const blockCount = [
  1, 1, 2, 4, 4, 4, 5, 6, 8, 8, 11, 11, 16, 16, 18, 16, 19, 21, 25, 25, 25, 34, 30, 32, 35, 37, 40,
  42, 45, 48, 51, 54, 57, 60, 63, 66, 70, 74, 77, 81,
];
/** The two format-information bits that name level H. */
const levelHBits = 0b10;
const modulePixels = 3;
const quietZone = 4;

/** Data and error-correction modules of a version: everything but the function patterns. */
function rawDataModules(version: number): number {
  let modules = (16 * version + 128) * version + 64;
  if (version >= 2) {
    const alignments = Math.floor(version / 7) + 2;
    modules -= (25 * alignments - 10) * alignments - 55;
    if (version >= 7) modules -= 36;
  }
  return modules;
}

function dataCodewords(version: number): number {
  const index = version - 1;
  return (
    Math.floor(rawDataModules(version) / 8) - (eccPerBlock[index] ?? 0) * (blockCount[index] ?? 0)
  );
}

function alignmentPositions(version: number): number[] {
  if (version === 1) return [];
  const count = Math.floor(version / 7) + 2;
  const step = version === 32 ? 26 : Math.ceil((version * 4 + 4) / (count * 2 - 2)) * 2;
  const positions = [6];
  for (let position = version * 4 + 10; positions.length < count; position -= step) {
    positions.splice(1, 0, position);
  }
  return positions;
}

// Arithmetic in GF(256) with the QR polynomial x^8 + x^4 + x^3 + x^2 + 1.
function gfMultiply(a: number, b: number): number {
  let product = 0;
  for (let bit = 7; bit >= 0; bit -= 1) {
    product = (product << 1) ^ ((product >>> 7) * 0x11d);
    product ^= ((b >>> bit) & 1) * a;
  }
  return product & 0xff;
}

/** The coefficients of the Reed-Solomon generator of `degree` (leading 1 left out). */
function rsGenerator(degree: number): number[] {
  const coefficients = new Array<number>(degree).fill(0);
  coefficients[degree - 1] = 1;
  let root = 1;
  for (let i = 0; i < degree; i += 1) {
    for (let j = 0; j < degree; j += 1) {
      coefficients[j] = gfMultiply(coefficients[j] ?? 0, root) ^ (coefficients[j + 1] ?? 0);
    }
    root = gfMultiply(root, 2);
  }
  return coefficients;
}

function rsRemainder(data: number[], generator: number[]): number[] {
  const remainder = new Array<number>(generator.length).fill(0);
  for (const byte of data) {
    const factor = byte ^ (remainder.shift() ?? 0);
    remainder.push(0);
    generator.forEach((coefficient, i) => {
      remainder[i] = (remainder[i] ?? 0) ^ gfMultiply(coefficient, factor);
    });
  }
  return remainder;
}

/** The final codeword sequence: the data split into blocks, each with its ECC, interleaved. */
function codewords(text: Uint8Array, version: number): number[] {
  const capacity = dataCodewords(version);
  const bits: number[] = [];
  const append = (value: number, length: number) => {
    for (let bit = length - 1; bit >= 0; bit -= 1) bits.push((value >>> bit) & 1);
  };
  append(0b0100, 4);
  append(text.length, version <= 9 ? 8 : 16);
  for (const byte of text) append(byte, 8);
  append(0, Math.min(4, capacity * 8 - bits.length));
  append(0, (8 - (bits.length % 8)) % 8);
  const data: number[] = [];
  for (let i = 0; i < bits.length; i += 8) {
    data.push(bits.slice(i, i + 8).reduce((byte, bit) => (byte << 1) | bit, 0));
  }
  for (let pad = 0xec; data.length < capacity; pad ^= 0xec ^ 0x11) data.push(pad);

  const blocks = blockCount[version - 1] ?? 1;
  const ecc = eccPerBlock[version - 1] ?? 0;
  const totalCodewords = Math.floor(rawDataModules(version) / 8);
  const shortBlocks = blocks - (totalCodewords % blocks);
  const shortDataLength = Math.floor(totalCodewords / blocks) - ecc;
  const generator = rsGenerator(ecc);
  const dataBlocks: number[][] = [];
  const eccBlocks: number[][] = [];
  for (let block = 0, offset = 0; block < blocks; block += 1) {
    const length = shortDataLength + (block < shortBlocks ? 0 : 1);
    const slice = data.slice(offset, offset + length);
    offset += length;
    dataBlocks.push(slice);
    eccBlocks.push(rsRemainder(slice, generator));
  }
  const result: number[] = [];
  for (let i = 0; i <= shortDataLength; i += 1) {
    for (const block of dataBlocks) if (i < block.length) result.push(block[i] ?? 0);
  }
  for (let i = 0; i < ecc; i += 1) {
    for (const block of eccBlocks) result.push(block[i] ?? 0);
  }
  return result;
}

/** A BCH code: `value` followed by its remainder modulo `generator` (of degree `degree`). */
function bch(value: number, generator: number, degree: number): number {
  let remainder = value << degree;
  for (let bit = 31 - Math.clz32(remainder); bit >= degree; bit -= 1) {
    if ((remainder >>> bit) & 1) remainder ^= generator << (bit - degree);
  }
  return (value << degree) | remainder;
}

const masks: ((x: number, y: number) => boolean)[] = [
  (x, y) => (x + y) % 2 === 0,
  (_x, y) => y % 2 === 0,
  (x) => x % 3 === 0,
  (x, y) => (x + y) % 3 === 0,
  (x, y) => (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0,
  (x, y) => ((x * y) % 2) + ((x * y) % 3) === 0,
  (x, y) => (((x * y) % 2) + ((x * y) % 3)) % 2 === 0,
  (x, y) => (((x + y) % 2) + ((x * y) % 3)) % 2 === 0,
];

class QrSymbol {
  readonly size: number;
  readonly dark: boolean[][];
  private readonly reserved: boolean[][];

  constructor(readonly version: number) {
    this.size = version * 4 + 17;
    this.dark = Array.from({ length: this.size }, () => new Array<boolean>(this.size).fill(false));
    this.reserved = Array.from({ length: this.size }, () =>
      new Array<boolean>(this.size).fill(false),
    );
    this.drawFunctionPatterns();
  }

  private set(x: number, y: number, dark: boolean): void {
    const row = this.dark[y];
    const reservedRow = this.reserved[y];
    if (!row || !reservedRow || x < 0 || x >= this.size) return;
    row[x] = dark;
    reservedRow[x] = true;
  }

  private drawFunctionPatterns(): void {
    const { size } = this;
    for (let i = 0; i < size; i += 1) {
      this.set(6, i, i % 2 === 0);
      this.set(i, 6, i % 2 === 0);
    }
    for (const [cx, cy] of [
      [3, 3],
      [size - 4, 3],
      [3, size - 4],
    ] as const) {
      // The finder's 7x7 rings plus the light separator around it.
      for (let dy = -4; dy <= 4; dy += 1) {
        for (let dx = -4; dx <= 4; dx += 1) {
          const ring = Math.max(Math.abs(dx), Math.abs(dy));
          this.set(cx + dx, cy + dy, ring !== 2 && ring !== 4);
        }
      }
    }
    const positions = alignmentPositions(this.version);
    const last = positions.length - 1;
    positions.forEach((cy, row) => {
      positions.forEach((cx, column) => {
        const nearFinder =
          (row === 0 && column === 0) ||
          (row === 0 && column === last) ||
          (row === last && column === 0);
        if (nearFinder) return;
        for (let dy = -2; dy <= 2; dy += 1) {
          for (let dx = -2; dx <= 2; dx += 1) {
            this.set(cx + dx, cy + dy, Math.max(Math.abs(dx), Math.abs(dy)) !== 1);
          }
        }
      });
    });
    this.drawFormatBits(0);
    if (this.version >= 7) {
      const bits = bch(this.version, 0x1f25, 12);
      for (let i = 0; i < 18; i += 1) {
        const dark = ((bits >>> i) & 1) === 1;
        const a = size - 11 + (i % 3);
        const b = Math.floor(i / 3);
        this.set(a, b, dark);
        this.set(b, a, dark);
      }
    }
  }

  drawFormatBits(mask: number): void {
    const { size } = this;
    const bits = bch((levelHBits << 3) | mask, 0x537, 10) ^ 0x5412;
    const bit = (i: number) => ((bits >>> i) & 1) === 1;
    for (let i = 0; i <= 5; i += 1) this.set(8, i, bit(i));
    this.set(8, 7, bit(6));
    this.set(8, 8, bit(7));
    this.set(7, 8, bit(8));
    for (let i = 9; i < 15; i += 1) this.set(14 - i, 8, bit(i));
    for (let i = 0; i < 8; i += 1) this.set(size - 1 - i, 8, bit(i));
    for (let i = 8; i < 15; i += 1) this.set(8, size - 15 + i, bit(i));
    this.set(8, size - 8, true);
  }

  /** Places the codewords' bits in the two-column zigzag, right to left, skipping column 6. */
  drawCodewords(data: number[]): void {
    const { size } = this;
    let index = 0;
    for (let right = size - 1; right >= 1; right -= 2) {
      if (right === 6) right = 5;
      const upward = ((right + 1) & 2) === 0;
      for (let step = 0; step < size; step += 1) {
        const y = upward ? size - 1 - step : step;
        for (let column = 0; column < 2; column += 1) {
          const x = right - column;
          if (this.reserved[y]?.[x]) continue;
          const byte = data[index >>> 3] ?? 0;
          const row = this.dark[y];
          if (row) row[x] = ((byte >>> (7 - (index & 7))) & 1) === 1;
          index += 1;
        }
      }
    }
  }

  /** Flips the data modules the mask selects (applying it twice undoes it). */
  applyMask(mask: number): void {
    const select = masks[mask] ?? masks[0];
    for (let y = 0; y < this.size; y += 1) {
      for (let x = 0; x < this.size; x += 1) {
        const row = this.dark[y];
        if (row && !this.reserved[y]?.[x] && select?.(x, y)) row[x] = !row[x];
      }
    }
  }

  /** How hard the symbol is to scan: long runs, 2x2 blocks, finder look-alikes, imbalance. */
  penalty(): number {
    const { size, dark } = this;
    let score = 0;
    const row = new Uint8Array(size);
    const column = new Uint8Array(size);
    for (let a = 0; a < size; a += 1) {
      for (let b = 0; b < size; b += 1) {
        row[b] = dark[a]?.[b] ? 1 : 0;
        column[b] = dark[b]?.[a] ? 1 : 0;
      }
      score += linePenalty(row) + linePenalty(column);
    }
    let darkCount = 0;
    for (let y = 0; y < size; y += 1) {
      const here = dark[y] ?? [];
      const below = dark[y + 1];
      for (let x = 0; x < size; x += 1) {
        const colour = here[x];
        if (colour) darkCount += 1;
        if (below && x + 1 < size && here[x + 1] === colour && below[x] === colour) {
          if (below[x + 1] === colour) score += 3;
        }
      }
    }
    const total = size * size;
    score += (Math.ceil(Math.abs(darkCount * 20 - total * 10) / total) - 1) * 10;
    return score;
  }
}

/** Runs of five or more alike, and 1:1:3:1:1 finder look-alikes beside four light modules. */
function linePenalty(line: Uint8Array): number {
  const size = line.length;
  let score = 0;
  let run = 1;
  for (let i = 1; i <= size; i += 1) {
    if (i < size && line[i] === line[i - 1]) {
      run += 1;
      continue;
    }
    if (run >= 5) score += run - 2;
    run = 1;
  }
  const light = (i: number) => i < 0 || i >= size || line[i] === 0;
  for (let i = 0; i + 7 <= size; i += 1) {
    const finderLike =
      line[i] === 1 &&
      line[i + 1] === 0 &&
      line[i + 2] === 1 &&
      line[i + 3] === 1 &&
      line[i + 4] === 1 &&
      line[i + 5] === 0 &&
      line[i + 6] === 1;
    if (!finderLike) continue;
    const lightBefore = light(i - 1) && light(i - 2) && light(i - 3) && light(i - 4);
    const lightAfter = light(i + 7) && light(i + 8) && light(i + 9) && light(i + 10);
    if (lightBefore || lightAfter) score += 40;
  }
  return score;
}

/** The module matrix for `text` (true = dark), without the quiet zone. */
export function qrMatrix(text: string): boolean[][] {
  const bytes = new TextEncoder().encode(text);
  let version = 1;
  while (4 + (version <= 9 ? 8 : 16) + bytes.length * 8 > dataCodewords(version) * 8) {
    version += 1;
    if (version > 40) throw new Error('Text too long for a QR code');
  }
  const symbol = new QrSymbol(version);
  symbol.drawCodewords(codewords(bytes, version));
  let bestMask = 0;
  let bestPenalty = Infinity;
  for (let mask = 0; mask < masks.length; mask += 1) {
    symbol.applyMask(mask);
    symbol.drawFormatBits(mask);
    const penalty = symbol.penalty();
    if (penalty < bestPenalty) {
      bestPenalty = penalty;
      bestMask = mask;
    }
    symbol.applyMask(mask);
  }
  symbol.applyMask(bestMask);
  symbol.drawFormatBits(bestMask);
  return symbol.dark;
}

/**
 * The QR code as an SVG document. No `#` anywhere: supabase-js puts it in a data: URL unescaped.
 */
export function qrCodeSvg(text: string): string {
  const matrix = qrMatrix(text);
  const side = matrix.length + quietZone * 2;
  const pixels = side * modulePixels;
  // One path, a rectangle per horizontal run of dark modules.
  let path = '';
  matrix.forEach((row, y) => {
    for (let x = 0; x < row.length; x += 1) {
      if (!row[x]) continue;
      let run = 1;
      while (row[x + run]) run += 1;
      path += `M${x + quietZone} ${y + quietZone}h${run}v1h-${run}z`;
      x += run - 1;
    }
  });
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${pixels}" height="${pixels}" ` +
    `viewBox="0 0 ${side} ${side}" shape-rendering="crispEdges">` +
    `<rect width="${side}" height="${side}" fill="white"/><path fill="black" d="${path}"/></svg>`
  );
}
