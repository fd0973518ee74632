// The get/set/clear of one browser-storage key, and the signed-in hint, without the
// schema library: lib/storage names every key; this part is what every page loads.

/** One key of localStorage as JSON; a value parse refuses reads as "nothing saved". */
export function slot<T>(key: string, parse: (value: unknown) => T | null) {
  return {
    key,
    get(): T | null {
      try {
        const raw = window.localStorage.getItem(key);
        if (raw === null) return null;
        return parse(JSON.parse(raw));
      } catch {
        return null; // storage disabled (private mode) or not JSON
      }
    },
    set(value: T): void {
      try {
        window.localStorage.setItem(key, JSON.stringify(value));
      } catch {
        // A full or disabled storage only costs the visitor their saved answers.
      }
    },
    clear(): void {
      try {
        window.localStorage.removeItem(key);
      } catch {
        // see set()
      }
    },
  };
}

/** qg.signedIn (documented with the other keys in lib/storage). */
export const signedInHint = slot<1>('qg.signedIn', (value) => (value === 1 ? 1 : null));

/** qg.requestId, a non-empty string (documented with the other keys in lib/storage). */
export const requestIdSlot = slot<string>('qg.requestId', (value) => (typeof value === 'string' && value !== '' ? value : null));
