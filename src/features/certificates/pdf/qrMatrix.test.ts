import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';
import { qrMatrix } from '@shared/certificate-pdf/qr-matrix.ts';

/** The matrix as a picture: each module `scale` pixels square, dark black, light white. */
function render(matrix: boolean[][], scale = 4) {
  const size = matrix.length * scale;
  const pixels = new Uint8ClampedArray(size * size * 4);
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      const value = matrix[Math.floor(y / scale)]?.[Math.floor(x / scale)] ? 0 : 255;
      pixels.set([value, value, value, 255], (y * size + x) * 4);
    }
  }
  return { pixels, size };
}

describe('the QR code of the verification address', () => {
  it('reads back as exactly the address', () => {
    const address = 'https://revolve.example/verify/ABCD2345EFGH';
    const matrix = qrMatrix(address);
    // Its quiet zone: four light modules all round.
    const light = (row: boolean[] | undefined) => row?.every((dark) => !dark);
    expect([...matrix.slice(0, 4), ...matrix.slice(-4)].every(light)).toBe(true);
    expect(matrix.every((row) => row.slice(0, 4).every((dark) => !dark))).toBe(true);
    expect(light(matrix[4])).toBe(false);
    const { pixels, size } = render(matrix);
    expect(jsQR(pixels, size, size)?.data).toBe(address);
  });
});
