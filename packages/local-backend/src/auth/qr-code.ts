import QRCode from 'qrcode';

/**
 * The TOTP enrolment answer's QR code, drawn as SVG the way GoTrue sends it: error correction level
 * H, the smallest version that holds the text (the `qrcode` package encodes it), 3 px modules and a
 * quiet zone of 4 modules.
 */
const modulePixels = 3;
const quietZone = 4;

/**
 * The QR code as an SVG document. No `#` anywhere (so no hex colours, which is why this draws the
 * symbol itself rather than use the package's SVG): supabase-js puts it in a data: URL unescaped.
 */
export function qrCodeSvg(text: string): string {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'H' });
  const side = modules.size + quietZone * 2;
  const pixels = side * modulePixels;
  const dark = (x: number, y: number) => x < modules.size && Boolean(modules.get(y, x));
  // One path, a rectangle per horizontal run of dark modules.
  let path = '';
  for (let y = 0; y < modules.size; y += 1) {
    for (let x = 0; x < modules.size; x += 1) {
      if (!dark(x, y)) continue;
      let run = 1;
      while (dark(x + run, y)) run += 1;
      path += `M${x + quietZone} ${y + quietZone}h${run}v1h-${run}z`;
      x += run - 1;
    }
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${pixels}" height="${pixels}" ` +
    `viewBox="0 0 ${side} ${side}" shape-rendering="crispEdges">` +
    `<rect width="${side}" height="${side}" fill="white"/><path fill="black" d="${path}"/></svg>`
  );
}
