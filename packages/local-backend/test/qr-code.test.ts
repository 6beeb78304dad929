import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';
import { qrCodeSvg } from '../src/auth/qr-code';

const pixelsPerModule = 4;

/** Paints the SVG's one path (a rectangle per run of dark modules) onto white pixels, as RGBA. */
function rasterise(svg: string): { data: Uint8ClampedArray; side: number } {
  const modules = Number(/viewBox="0 0 (\d+) \1"/.exec(svg)?.[1]);
  const side = modules * pixelsPerModule;
  const data = new Uint8ClampedArray(side * side * 4).fill(255);
  for (const [, x, y, run] of svg.matchAll(/M(\d+) (\d+)h(\d+)v1h-\3z/g)) {
    for (let column = Number(x); column < Number(x) + Number(run); column += 1) {
      for (let dy = 0; dy < pixelsPerModule; dy += 1) {
        for (let dx = 0; dx < pixelsPerModule; dx += 1) {
          const pixel = (Number(y) * pixelsPerModule + dy) * side + column * pixelsPerModule + dx;
          data.fill(0, pixel * 4, pixel * 4 + 3);
        }
      }
    }
  }
  return { data, side };
}

describe('the TOTP enrolment QR code', () => {
  it.each([
    'otpauth://totp/Revolve:ada@example.com?issuer=Revolve&secret=JBSWY3DPEHPK3PXP',
    `otpauth://totp/Revolve:${'long-name.'.repeat(20)}@example.com?issuer=Revolve&secret=${'A'.repeat(32)}`,
    'otpauth://totp/Revolve:zoë+café@example.com?issuer=Revolve&secret=JBSWY3DPEHPK3PXP',
  ])('decodes to the text it was made from: %s', (text) => {
    const svg = qrCodeSvg(text);
    const { data, side } = rasterise(svg);
    expect(jsQR(data, side, side, { inversionAttempts: 'dontInvert' })?.data).toBe(text);
  });

  it('is an SVG document with no # (it travels in a data: URL) and 3 px modules in a quiet zone', () => {
    const svg = qrCodeSvg('otpauth://totp/Revolve:ada@example.com?secret=JBSWY3DPEHPK3PXP');
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" [^#]*<\/svg>$/);
    const side = Number(/viewBox="0 0 (\d+) \1"/.exec(svg)?.[1]);
    expect(svg).toContain(`width="${side * 3}" height="${side * 3}"`);
    // Nothing is drawn in the four modules around the symbol.
    const starts = [...svg.matchAll(/M(\d+) (\d+)h(\d+)/g)].map(([, x, y, run]) => ({
      x: Number(x),
      y: Number(y),
      end: Number(x) + Number(run),
    }));
    expect(Math.min(...starts.map((start) => start.x))).toBe(4);
    expect(Math.min(...starts.map((start) => start.y))).toBe(4);
    expect(Math.max(...starts.map((start) => start.end))).toBe(side - 4);
  });
});
