// @deno-types="npm:@types/qrcode@1.5.6"
import QRCode from 'qrcode';

/** The quiet zone QR readers need around the code, in modules. */
const quietZone = 4;

/**
 * The QR code of `text` (error correction M) as rows of dark (true) and light modules, its quiet
 * zone included: what the PDF draws as squares, so the code is vector and sharp at any size.
 */
export function qrMatrix(text: string): boolean[][] {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const size = modules.size + quietZone * 2;
  return Array.from({ length: size }, (_, row) =>
    Array.from({ length: size }, (_, column) => {
      const r = row - quietZone;
      const c = column - quietZone;
      return r >= 0 && c >= 0 && r < modules.size && c < modules.size && Boolean(modules.get(r, c));
    }),
  );
}
