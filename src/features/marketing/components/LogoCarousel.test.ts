import { describe, expect, it } from 'vitest';
import { carouselMotion, logoCarouselOptions } from './LogoCarousel';
import { logoSlideClassName } from './LogoTrack';

const still = { hovered: false, focused: false };

describe('the Trusted by carousel', () => {
  it('loops and moves on every 3000 ms (SPEC.md section 9)', () => {
    expect(logoCarouselOptions.carousel.loop).toBe(true);
    expect(logoCarouselOptions.autoplay.delay).toBe(3000);
  });

  it('never starts the plugin on its own, and a drag stops it', () => {
    expect(logoCarouselOptions.autoplay.playOnInit).toBe(false);
    expect(logoCarouselOptions.autoplay.stopOnInteraction).toBe(true);
  });

  it('shows five logos on large screens and fewer on small ones', () => {
    expect(logoSlideClassName).toContain('lg:basis-1/5');
    expect(logoSlideClassName).toContain('sm:basis-1/3');
    expect(logoSlideClassName).toMatch(/(^| )basis-1\/2( |$)/);
  });

  it('rotates by default when motion is allowed', () => {
    expect(carouselMotion({ choice: 'auto', reducedMotion: false, ...still })).toEqual({
      rotating: true,
      moving: true,
    });
  });

  it('does not rotate for visitors who prefer reduced motion, unless they press play', () => {
    expect(carouselMotion({ choice: 'auto', reducedMotion: true, ...still }).moving).toBe(false);
    expect(carouselMotion({ choice: 'on', reducedMotion: true, ...still }).moving).toBe(true);
  });

  it('holds while hovered or focused, without changing what the button shows', () => {
    for (const hold of [
      { hovered: true, focused: false },
      { hovered: false, focused: true },
    ]) {
      expect(carouselMotion({ choice: 'auto', reducedMotion: false, ...hold })).toEqual({
        rotating: true,
        moving: false,
      });
    }
  });

  it('stays paused once the visitor pauses it', () => {
    expect(carouselMotion({ choice: 'off', reducedMotion: false, ...still })).toEqual({
      rotating: false,
      moving: false,
    });
  });
});
