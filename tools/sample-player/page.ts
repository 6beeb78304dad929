const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (character) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character] ??
      character,
  );

const styles = `
  html, body { margin: 0; height: 100%; background: #0b1a2b; color: #fff; font: 15px/1.4 system-ui, sans-serif; }
  .player { position: relative; width: 100%; height: 100%; overflow: hidden; outline: none; }
  .player:focus-visible { box-shadow: inset 0 0 0 3px #7cc4ff; }
  canvas { display: block; width: 100%; height: 100%; cursor: grab; touch-action: none; }
  canvas:active { cursor: grabbing; }
  .title, .hint, .heading { position: absolute; margin: 0; padding: 8px 12px; background: rgba(0, 0, 0, 0.55); border-radius: 6px; pointer-events: none; }
  .title { top: 12px; left: 12px; }
  .title h1 { margin: 0; font-size: 17px; }
  .title p { margin: 2px 0 0; }
  .hint { bottom: 12px; left: 12px; font-size: 13px; }
  .heading { top: 12px; right: 12px; font-variant-numeric: tabular-nums; }
  /* Narrow screens: the heading moves under the title so the two never overlap. */
  @media (max-width: 520px) { .heading { top: auto; bottom: 64px; right: 12px; } .hint { right: 12px; } }
`;

/** The sample player's page for one module code (already checked to be letters, digits, - and _). */
export function playerPage(code: string): string {
  const safeCode = escapeHtml(code);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Revolve 360 sample player - ${safeCode}</title>
<link rel="icon" href="data:,">
<style>${styles}</style>
</head>
<body>
<div class="player" id="player" data-module-code="${safeCode}" tabindex="0" role="application"
  aria-roledescription="360° panorama"
  aria-label="Sample 360° panorama for module ${safeCode}. Drag, or use the arrow keys, to look around; plus and minus zoom.">
  <canvas id="view"></canvas>
  <div class="title"><h1>Revolve 360 sample player</h1><p>Module <strong>${safeCode}</strong></p></div>
  <p class="hint">Drag or use the arrow keys to look around · scroll or +/− to zoom</p>
  <output class="heading" id="heading" aria-live="off">Facing N 0°</output>
</div>
<noscript><p>The 360 player needs JavaScript.</p></noscript>
<script type="module" src="../viewer.js"></script>
</body>
</html>`;
}
