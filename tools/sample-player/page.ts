const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (character) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character] ??
      character,
  );

// The page fills a 16:9 iframe, from 390 px wide (about 220 px high) to full-width desktop: the
// view takes what the controls leave.
const styles = `
  html, body { margin: 0; height: 100%; background: #0b1a2b; color: #fff; font: 15px/1.4 system-ui, sans-serif; }
  .player { display: grid; grid-template-rows: minmax(0, 1fr) auto; height: 100%; }
  .stage { position: relative; overflow: hidden; outline: none; }
  /* An outline, not an inset shadow: the canvas would cover a shadow. */
  .stage:focus-visible { outline: 3px solid #ffd166; outline-offset: -3px; }
  canvas { display: block; width: 100%; height: 100%; cursor: grab; touch-action: none; }
  canvas:active { cursor: grabbing; }
  .title, .hint, .heading { position: absolute; margin: 0; padding: 6px 10px; background: rgba(0, 0, 0, 0.6); border-radius: 6px; pointer-events: none; }
  .title { top: 10px; left: 10px; }
  .title h1 { margin: 0; font-size: 17px; }
  .title p { margin: 2px 0 0; }
  .hint { bottom: 10px; left: 10px; font-size: 13px; }
  .heading { top: 10px; right: 10px; font-variant-numeric: tabular-nums; }
  .controls { display: grid; gap: 4px; padding: 8px 12px 10px; background: #0b1a2b; border-top: 1px solid #24405f; }
  .transport { display: flex; align-items: center; gap: 12px; }
  .play { min-width: 84px; min-height: 36px; padding: 6px 14px; border: 0; border-radius: 6px; background: #7cc4ff; color: #0b1a2b; font: inherit; font-weight: 700; cursor: pointer; }
  .play:hover { background: #a9d8ff; }
  .play:disabled { background: #4a5d72; color: #c9d4df; cursor: default; }
  .position { flex: 1; min-width: 0; height: 28px; margin: 0; accent-color: #7cc4ff; cursor: pointer; }
  .position:disabled { cursor: default; }
  .time { font-variant-numeric: tabular-nums; white-space: nowrap; }
  .meta { display: flex; justify-content: space-between; gap: 12px; font-size: 13px; color: #d5e3f0; }
  .meta p { margin: 0; }
  .status { min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  .watched { white-space: nowrap; font-variant-numeric: tabular-nums; }
  .play:focus-visible, .position:focus-visible { outline: 3px solid #ffd166; outline-offset: 2px; }
  /* Narrow frames: the title shrinks and the hint goes (the view's accessible name says the same). */
  @media (max-width: 600px) {
    .title h1 { font-size: 14px; }
    .title p, .hint { display: none; }
    .heading { font-size: 13px; }
    .controls { padding: 6px 10px 8px; }
    .transport { gap: 8px; }
    .play { min-width: 68px; min-height: 32px; padding: 4px 10px; }
    .time, .meta { font-size: 12px; }
  }
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
<main class="player" id="player" data-module-code="${safeCode}">
  <div class="stage" id="stage" tabindex="0" role="application" aria-roledescription="360° panorama"
    aria-label="Sample 360° panorama for module ${safeCode}. Drag, or use the arrow keys, to look around; plus and minus zoom; space plays and pauses.">
    <canvas id="view"></canvas>
    <div class="title"><h1>Revolve 360 sample player</h1><p>Module <strong>${safeCode}</strong></p></div>
    <p class="hint">Drag or use the arrow keys to look around · scroll or +/− to zoom</p>
    <p class="heading" id="heading">Facing N 0°</p>
  </div>
  <div class="controls">
    <div class="transport">
      <button type="button" class="play" id="play">Play</button>
      <input type="range" class="position" id="position" aria-label="Position" min="0" max="0" step="1" value="0">
      <span class="time" id="time">0:00 / 0:00</span>
    </div>
    <div class="meta">
      <p class="status" id="status" role="status"></p>
      <p class="watched" id="watched">0% watched</p>
    </div>
  </div>
</main>
<noscript><p>The 360 player needs JavaScript.</p></noscript>
<script type="module" src="../viewer.js"></script>
</body>
</html>`;
}
