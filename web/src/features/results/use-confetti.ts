import { useEffect, useState, type RefObject } from 'react';

/** Spec section 9: 300 particles for 3 seconds; the flag clears after 3.5 seconds. */
export const CONFETTI_PARTICLES = 300;
export const CONFETTI_MS = 3000;
export const CONFETTI_FLAG_MS = 3500;

// Celebrations already shown since the page loaded: coming back to the results is the same visit.
const celebrated = new Set<string>();

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Confetti once when refinancing is recommended. canvas-confetti is loaded only then, so
 * it never weighs on the bundle; nothing moves for visitors who prefer reduced motion.
 * It draws on the page's own `canvas` (inside <main>, a landmark) on the page's thread:
 * its default canvas is added outside every landmark, and its default worker, made from a
 * blob: URL, is refused by the Content-Security-Policy (script-src 'self'), so nothing ran.
 * Returns whether the celebration is running (the page shows the canvas while it is).
 */
export function useConfetti(key: string, recommended: boolean, canvas: RefObject<HTMLCanvasElement | null>): boolean {
  const [active, setActive] = useState(() => recommended && !celebrated.has(key) && !prefersReducedMotion());
  useEffect(() => {
    if (!active) return;
    celebrated.add(key);
    let cancelled = false;
    let stop: (() => void) | undefined;
    void import('canvas-confetti').then(({ default: confetti }) => {
      if (cancelled || !canvas.current) return;
      const fire = confetti.create(canvas.current, { resize: true, useWorker: false, disableForReducedMotion: true });
      // At about 60 frames a second, 180 ticks keep each particle on screen for 3 seconds.
      void fire({ particleCount: CONFETTI_PARTICLES, spread: 100, origin: { y: 0.6 }, ticks: (CONFETTI_MS / 1000) * 60 });
      stop = () => fire.reset();
    });
    const clear = window.setTimeout(() => setActive(false), CONFETTI_FLAG_MS);
    return () => {
      cancelled = true;
      window.clearTimeout(clear);
      stop?.();
    };
  }, [active, key, canvas]);
  return active;
}
