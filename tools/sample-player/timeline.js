/* global setInterval */
/**
 * The timeline's controls: Play/Pause, the Position slider, the time readout and the share watched.
 * Playback moves on a timer by Date.now() differences, so a fake clock in tests can fast-forward it.
 */

/** @typedef {import('./playback.js').Playback} Playback */

const tickMs = 250;
const arrowStepSeconds = 5;

/** Seconds as m:ss ("1:05", "61:00"), counting whole seconds. */
export function formatClock(/** @type {number} */ seconds) {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** "42% watched", rounded down as the LMS rounds it. */
export function watchedLabel(/** @type {number} */ progress) {
  return `${Math.min(100, Math.floor(progress * 100 + 1e-9))}% watched`;
}

/**
 * @typedef {{
 *   played?: () => void,
 *   paused?: () => void,
 *   seeked?: (seek: { from: number, to: number }) => void,
 *   advanced?: (playedSeconds: number) => void,
 * }} TimelineListener told of what the learner does, after the playback has changed
 * @typedef {{
 *   playButton: HTMLButtonElement,
 *   slider: HTMLInputElement,
 *   readout: HTMLElement,
 *   watched: HTMLElement,
 * }} TimelineControls
 */

/**
 * Connects the controls to the playback and starts the clock.
 * @param {{ controls: TimelineControls, playback: Playback, listener?: TimelineListener }} options
 */
export function startTimeline({ controls, playback, listener = {} }) {
  const { playButton, slider, readout, watched } = controls;
  slider.min = '0';
  slider.max = String(playback.length);
  slider.step = '1';

  // Dragging moves the position at once but is reported as one seek, from where it began.
  /** @type {number | undefined} */
  let dragFrom;

  function render() {
    const playing = playback.playing;
    playButton.textContent = playing ? 'Pause' : 'Play';
    playButton.dataset.state = playing ? 'playing' : 'paused';
    // Not under the learner's pointer while they drag.
    if (dragFrom === undefined) slider.value = String(playback.position);
    const clock = `${formatClock(playback.position)} / ${formatClock(playback.length)}`;
    readout.textContent = clock;
    slider.setAttribute('aria-valuetext', clock.replace(' / ', ' of '));
    watched.textContent = watchedLabel(playback.progress);
  }

  function play() {
    if (playback.playing) return;
    playback.play(Date.now());
    render();
    listener.played?.();
  }

  function pause() {
    if (!playback.playing) return;
    playback.pause(Date.now());
    render();
    listener.paused?.();
  }

  /** @param {number} to seconds */
  function seekTo(to) {
    const seek = playback.seek(to, Date.now());
    render();
    if (seek.from !== seek.to) listener.seeked?.(seek);
  }

  playButton.addEventListener('click', () => (playback.playing ? pause() : play()));

  slider.addEventListener('input', () => {
    const seek = playback.seek(Number(slider.value), Date.now());
    dragFrom ??= seek.from;
    render();
  });
  slider.addEventListener('change', () => {
    const from = dragFrom ?? playback.time;
    dragFrom = undefined;
    const seek = playback.seek(Number(slider.value), Date.now());
    render();
    if (from !== seek.to) listener.seeked?.({ from, to: seek.to });
  });

  // Own steps for the keyboard: the slider's 1-second step is right for dragging but slow to key.
  /** @type {Record<string, () => number>} */
  const keySteps = {
    ArrowLeft: () => playback.position - arrowStepSeconds,
    ArrowDown: () => playback.position - arrowStepSeconds,
    ArrowRight: () => playback.position + arrowStepSeconds,
    ArrowUp: () => playback.position + arrowStepSeconds,
    PageDown: () => playback.position - playback.length / 10,
    PageUp: () => playback.position + playback.length / 10,
    Home: () => 0,
    End: () => playback.length,
  };
  slider.addEventListener('keydown', (event) => {
    const step = keySteps[event.key];
    if (!step) return;
    event.preventDefault();
    // Steps count from where playback is now, not from the last tick.
    tick();
    seekTo(step());
  });

  function tick() {
    if (!playback.playing) return;
    const { playedSeconds, ended } = playback.advance(Date.now());
    render();
    listener.advanced?.(playedSeconds);
    if (ended) listener.paused?.();
  }
  setInterval(tick, tickMs);

  render();
  return { play, pause, toggle: () => (playback.playing ? pause() : play()), refresh: render };
}
