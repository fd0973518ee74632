/**
 * The live region an announcement lands in: the app's, or the open dialog's (a modal
 * dialog makes the page behind it inert). Both are in the page from the first render.
 */
export function liveRegion(within: 'app' | HTMLElement = 'app', politeness: 'polite' | 'assertive' = 'polite'): HTMLElement {
  const all = Array.from(document.querySelectorAll<HTMLElement>(`[data-announcer="${politeness}"]`));
  const region = within === 'app' ? all.find((r) => !r.closest('dialog')) : all.find((r) => within.contains(r));
  if (!region) throw new Error('no live region');
  return region;
}
