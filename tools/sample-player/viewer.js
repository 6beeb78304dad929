/* global document, window, requestAnimationFrame */
/**
 * A small equirectangular 360 viewer: every screen pixel's viewing ray is turned into a longitude and
 * latitude and looked up in the panorama, by WebGL where there is WebGL and by a canvas otherwise.
 * Drag (mouse or touch), arrow keys, the wheel and +/- move the view; space plays and pauses the
 * timeline, which reports to the LMS when the page was launched by one (cmi5).
 */
import { startSession } from './cmi5-session.js';
import { hasLaunchParameters } from './launch.js';
import { drawPanorama } from './panorama.js';
import { Playback } from './playback.js';
import { startTimeline } from './timeline.js';

const root = document.getElementById('player');
const stage = document.getElementById('stage');
const canvas = document.getElementById('view');
const headingLabel = document.getElementById('heading');
const panorama = drawPanorama(root.dataset.moduleCode ?? '');

const DEGREE = Math.PI / 180;
const view = { yaw: 0, pitch: 0, fov: 75 * DEGREE };
let needsDraw = true;

const vertexShader = `
attribute vec2 corner;
void main() { gl_Position = vec4(corner, 0.0, 1.0); }`;

const fragmentShader = `
precision highp float;
uniform sampler2D panorama;
uniform vec2 size;
uniform float yaw, pitch, focal;
const float PI = 3.141592653589793;
void main() {
  vec3 ray = normalize(vec3(gl_FragCoord.xy - 0.5 * size, focal));
  ray = vec3(ray.x, ray.y * cos(pitch) + ray.z * sin(pitch), ray.z * cos(pitch) - ray.y * sin(pitch));
  ray = vec3(ray.x * cos(yaw) + ray.z * sin(yaw), ray.y, ray.z * cos(yaw) - ray.x * sin(yaw));
  float longitude = atan(ray.x, ray.z);
  float latitude = asin(clamp(ray.y, -1.0, 1.0));
  gl_FragColor = texture2D(panorama, vec2(longitude / (2.0 * PI) + 0.5, 0.5 - latitude / PI));
}`;

function webGlRenderer() {
  const gl = canvas.getContext('webgl', { antialias: false });
  if (!gl) return undefined;
  const compile = (type, source) => {
    const shader = gl.createShader(type);
    gl.shaderSource(shader, source);
    gl.compileShader(shader);
    return shader;
  };
  const program = gl.createProgram();
  gl.attachShader(program, compile(gl.VERTEX_SHADER, vertexShader));
  gl.attachShader(program, compile(gl.FRAGMENT_SHADER, fragmentShader));
  gl.linkProgram(program);
  if (!gl.getProgramParameter(program, gl.LINK_STATUS)) return undefined;
  gl.useProgram(program);

  gl.bindBuffer(gl.ARRAY_BUFFER, gl.createBuffer());
  gl.bufferData(gl.ARRAY_BUFFER, new Float32Array([-1, -1, 1, -1, -1, 1, 1, 1]), gl.STATIC_DRAW);
  const corner = gl.getAttribLocation(program, 'corner');
  gl.enableVertexAttribArray(corner);
  gl.vertexAttribPointer(corner, 2, gl.FLOAT, false, 0, 0);

  let image = panorama;
  const maxSize = gl.getParameter(gl.MAX_TEXTURE_SIZE);
  if (panorama.width > maxSize) {
    image = document.createElement('canvas');
    image.width = maxSize;
    image.height = maxSize / 2;
    image.getContext('2d').drawImage(panorama, 0, 0, image.width, image.height);
  }
  gl.bindTexture(gl.TEXTURE_2D, gl.createTexture());
  gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA, gl.RGBA, gl.UNSIGNED_BYTE, image);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.LINEAR);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.LINEAR);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE);

  const uniform = (name) => gl.getUniformLocation(program, name);
  return (width, height, focal) => {
    gl.viewport(0, 0, width, height);
    gl.uniform2f(uniform('size'), width, height);
    gl.uniform1f(uniform('yaw'), view.yaw);
    gl.uniform1f(uniform('pitch'), view.pitch);
    gl.uniform1f(uniform('focal'), focal);
    gl.drawArrays(gl.TRIANGLE_STRIP, 0, 4);
  };
}

/** The same projection per pixel in JavaScript, at a third of the resolution to stay smooth. */
function canvasRenderer() {
  const context = canvas.getContext('2d');
  const source = panorama.getContext('2d').getImageData(0, 0, panorama.width, panorama.height);
  const scratch = document.createElement('canvas');
  return (width, height, focal) => {
    const [w, h] = [Math.max(1, Math.round(width / 3)), Math.max(1, Math.round(height / 3))];
    scratch.width = w;
    scratch.height = h;
    const scratchContext = scratch.getContext('2d');
    const target = scratchContext.createImageData(w, h);
    const [cosPitch, sinPitch] = [Math.cos(view.pitch), Math.sin(view.pitch)];
    const [cosYaw, sinYaw] = [Math.cos(view.yaw), Math.sin(view.yaw)];
    for (let row = 0; row < h; row += 1) {
      for (let column = 0; column < w; column += 1) {
        const x = (column - w / 2) * 3;
        const y = (h / 2 - row) * 3;
        const length = Math.hypot(x, y, focal);
        const [rx, ry, rz] = [x / length, y / length, focal / length];
        const [py, pz] = [ry * cosPitch + rz * sinPitch, rz * cosPitch - ry * sinPitch];
        const [yx, yz] = [rx * cosYaw + pz * sinYaw, pz * cosYaw - rx * sinYaw];
        const u = Math.atan2(yx, yz) / (2 * Math.PI) + 0.5;
        const v = 0.5 - Math.asin(Math.max(-1, Math.min(1, py))) / Math.PI;
        const sx = Math.min(source.width - 1, Math.floor(u * source.width));
        const sy = Math.min(source.height - 1, Math.floor(v * source.height));
        const from = (sy * source.width + sx) * 4;
        const to = (row * w + column) * 4;
        for (let channel = 0; channel < 4; channel += 1) {
          target.data[to + channel] = source.data[from + channel];
        }
      }
    }
    scratchContext.putImageData(target, 0, 0);
    context.imageSmoothingEnabled = true;
    context.drawImage(scratch, 0, 0, width, height);
  };
}

const webGl = webGlRenderer();
const render = webGl ?? canvasRenderer();
root.dataset.renderer = webGl ? 'webgl' : 'canvas';

const directions = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'];

function draw() {
  needsDraw = false;
  const ratio = window.devicePixelRatio || 1;
  const width = Math.round(canvas.clientWidth * ratio);
  const height = Math.round(canvas.clientHeight * ratio);
  if (canvas.width !== width || canvas.height !== height)
    [canvas.width, canvas.height] = [width, height];
  render(width, height, height / 2 / Math.tan(view.fov / 2));
  const heading = Math.round((((view.yaw / DEGREE) % 360) + 360) % 360);
  headingLabel.textContent = `Facing ${directions[Math.round(heading / 45) % 8]} ${heading}°`;
  root.dataset.yaw = String(heading);
  root.dataset.pitch = String(Math.round(view.pitch / DEGREE));
}

function frame() {
  if (needsDraw) draw();
  requestAnimationFrame(frame);
}

function look(yawChange, pitchChange, fovChange = 0) {
  view.yaw += yawChange;
  view.pitch = Math.max(-85 * DEGREE, Math.min(85 * DEGREE, view.pitch + pitchChange));
  view.fov = Math.max(30 * DEGREE, Math.min(100 * DEGREE, view.fov + fovChange));
  needsDraw = true;
}

let dragFrom;
canvas.addEventListener('pointerdown', (event) => {
  dragFrom = { x: event.clientX, y: event.clientY };
  canvas.setPointerCapture(event.pointerId);
  stage.focus();
});
canvas.addEventListener('pointermove', (event) => {
  if (!dragFrom) return;
  // The scene follows the finger: dragging right turns the view left.
  const perPixel = view.fov / canvas.clientHeight;
  look(-(event.clientX - dragFrom.x) * perPixel, (event.clientY - dragFrom.y) * perPixel);
  dragFrom = { x: event.clientX, y: event.clientY };
});
const endDrag = () => (dragFrom = undefined);
canvas.addEventListener('pointerup', endDrag);
canvas.addEventListener('pointercancel', endDrag);
canvas.addEventListener(
  'wheel',
  (event) => {
    event.preventDefault();
    look(0, 0, Math.sign(event.deltaY) * 5 * DEGREE);
  },
  { passive: false },
);

const keys = {
  ArrowLeft: () => look(-5 * DEGREE, 0),
  ArrowRight: () => look(5 * DEGREE, 0),
  ArrowUp: () => look(0, 5 * DEGREE),
  ArrowDown: () => look(0, -5 * DEGREE),
  '+': () => look(0, 0, -5 * DEGREE),
  '=': () => look(0, 0, -5 * DEGREE),
  '-': () => look(0, 0, 5 * DEGREE),
};
stage.addEventListener('keydown', (event) => {
  const action = keys[event.key];
  if (!action) return;
  event.preventDefault();
  action();
});
window.addEventListener('resize', () => (needsDraw = true));

frame();

/** Without a launch, or when the launch does not say, the sample plays three minutes. */
const defaults = { length: 180, completionThreshold: 0.9 };

/** The viewing direction for the statements: yaw 0..360 clockwise from north, pitch up from the horizon. */
function currentViewport() {
  const yaw = (((view.yaw / DEGREE) % 360) + 360) % 360;
  return { yaw: Math.round(yaw * 10) / 10, pitch: Math.round((view.pitch / DEGREE) * 10) / 10 };
}

const statusLine = document.getElementById('status');
const showStatus = (text) => {
  statusLine.textContent = text;
  statusLine.title = text;
};
const controls = {
  playButton: document.getElementById('play'),
  slider: document.getElementById('position'),
  readout: document.getElementById('time'),
  watched: document.getElementById('watched'),
};

/** Connects to the LMS when launched by one, then starts the timeline; a failed launch still plays. */
async function startPlayer() {
  let session;
  if (hasLaunchParameters(window.location.search)) {
    controls.playButton.disabled = controls.slider.disabled = true;
    showStatus('Connecting to your training record…');
    try {
      session = await startSession({ defaults, showStatus });
    } catch (error) {
      showStatus(`Not recording: ${error.message}`);
    }
    controls.playButton.disabled = controls.slider.disabled = false;
  }
  const playback = new Playback({
    length: session?.launch.length ?? defaults.length,
    position: session?.resume.time,
    played: session?.resume.played,
  });
  session?.track(playback, currentViewport);
  const timeline = startTimeline({ controls, playback, listener: session });
  keys[' '] = timeline.toggle;
  root.dataset.ready = 'true';
  if (!session) return;
  // pagehide also fires when the app closes the player by removing its frame.
  window.addEventListener('pagehide', () => {
    session.close();
    timeline.refresh();
  });
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) session.showEnded();
  });
}

startPlayer();
