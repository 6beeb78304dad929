/* global document */
/**
 * Draws the sample panorama: an equirectangular scene (longitude left to right, north in the middle,
 * latitude top to bottom) with a sky, hills, a grid floor and labelled landmarks at the four compass
 * points, so turning the view visibly changes what one sees.
 */

const WIDTH = 4096;
const HEIGHT = 2048;
const EYE_HEIGHT = 1.6;

const landmarks = [
  { longitude: 0, label: 'Reception', colour: '#1f6feb' },
  { longitude: 90, label: 'Ward A', colour: '#b35900' },
  { longitude: 180, label: 'Pharmacy', colour: '#2f855a' },
  { longitude: -90, label: 'Exit', colour: '#c53030' },
];

const compass = [
  [0, 'N'],
  [45, 'NE'],
  [90, 'E'],
  [135, 'SE'],
  [180, 'S'],
  [-135, 'SW'],
  [-90, 'W'],
  [-45, 'NW'],
];

const xOf = (longitude) => (longitude / 360 + 0.5) * WIDTH;
const yOf = (latitude) => (0.5 - latitude / 180) * HEIGHT;

/** Calls draw at x and at x ± WIDTH, so what crosses the 180° seam appears on both sides. */
function wrapped(x, draw) {
  for (const offset of [-WIDTH, 0, WIDTH]) draw(x + offset);
}

export function drawPanorama(moduleCode) {
  const canvas = document.createElement('canvas');
  canvas.width = WIDTH;
  canvas.height = HEIGHT;
  const context = canvas.getContext('2d');
  const horizon = HEIGHT / 2;

  const sky = context.createLinearGradient(0, 0, 0, horizon);
  sky.addColorStop(0, '#0b3d91');
  sky.addColorStop(1, '#cfe9ff');
  context.fillStyle = sky;
  context.fillRect(0, 0, WIDTH, horizon);

  // Widened by 1 / cos(latitude), as the projection narrows it again, so the sun looks round.
  const sunLatitude = 28;
  context.fillStyle = '#fff6c2';
  context.beginPath();
  context.ellipse(
    xOf(35),
    yOf(sunLatitude),
    70 / Math.cos((sunLatitude * Math.PI) / 180),
    70,
    0,
    0,
    Math.PI * 2,
  );
  context.fill();

  // Hills whose outline repeats exactly once around, so the seam does not show.
  context.fillStyle = '#6f8f9f';
  context.beginPath();
  context.moveTo(0, horizon);
  for (let x = 0; x <= WIDTH; x += 8) {
    const turn = (x / WIDTH) * Math.PI * 2;
    const rise =
      60 + 45 * Math.sin(turn * 3) + 25 * Math.sin(turn * 7 + 1) + 12 * Math.sin(turn * 17);
    context.lineTo(x, horizon - rise);
  }
  context.lineTo(WIDTH, horizon);
  context.fill();

  const ground = context.createLinearGradient(0, horizon, 0, HEIGHT);
  ground.addColorStop(0, '#8fb573');
  ground.addColorStop(1, '#2f4f2f');
  context.fillStyle = ground;
  context.fillRect(0, horizon, WIDTH, horizon);

  // The floor grid: rays from one's feet are meridians, rings at a distance are parallels.
  context.strokeStyle = 'rgba(255, 255, 255, 0.45)';
  context.lineWidth = 2;
  for (let longitude = -180; longitude < 180; longitude += 15) {
    context.beginPath();
    context.moveTo(xOf(longitude), horizon);
    context.lineTo(xOf(longitude), HEIGHT);
    context.stroke();
  }
  for (const distance of [0.5, 1, 1.5, 2, 3, 4, 6, 9, 14, 22, 40]) {
    const y = yOf((-Math.atan(EYE_HEIGHT / distance) * 180) / Math.PI);
    context.beginPath();
    context.moveTo(0, y);
    context.lineTo(WIDTH, y);
    context.stroke();
  }

  context.textAlign = 'center';
  context.textBaseline = 'middle';
  for (const { longitude, label, colour } of landmarks) {
    const text = longitude === 0 ? `${label} · module ${moduleCode}` : label;
    context.font = 'bold 56px system-ui, sans-serif';
    const width = context.measureText(text).width + 80;
    wrapped(xOf(longitude), (x) => {
      context.fillStyle = '#4a5568';
      context.fillRect(x - 8, yOf(4), 16, yOf(-6) - yOf(4));
      context.fillStyle = colour;
      context.fillRect(x - width / 2, yOf(16), width, yOf(4) - yOf(16));
      context.fillStyle = '#ffffff';
      context.fillText(text, x, yOf(10));
    });
  }

  context.font = 'bold 44px system-ui, sans-serif';
  for (const [longitude, letter] of compass) {
    wrapped(xOf(longitude), (x) => {
      context.fillStyle = 'rgba(0, 0, 0, 0.55)';
      context.beginPath();
      context.arc(x, yOf(-14), 40, 0, Math.PI * 2);
      context.fill();
      context.fillStyle = '#ffffff';
      context.fillText(letter, x, yOf(-14));
    });
  }
  return canvas;
}
