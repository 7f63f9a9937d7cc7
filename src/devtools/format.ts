/** How the panel writes figures: short, and the same in every locale (the panel is read next to logs). */

const UNITS = ['B', 'KiB', 'MiB', 'GiB'] as const;

/** `512 B`, `1.5 KiB`, `12.0 MiB`. */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(1)} ${UNITS[unit]}`;
}

/** `0.4 s`, `12.0 s`, `3 min 05 s`. */
export function formatDuration(ms: number): string {
  const clamped = Math.max(0, ms);
  if (clamped < 60_000) return `${(clamped / 1000).toFixed(1)} s`;
  const seconds = Math.floor(clamped / 1000);
  return `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`;
}

/** `14:03:27` (UTC), for the lists of errors; the `<time>` element carries the full ISO time. */
export function formatClockTime(at: number): string {
  return new Date(at).toISOString().slice(11, 19);
}

/** An error as the panel writes it: its name and message (the library's messages are credential-free). */
export function describeError(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
