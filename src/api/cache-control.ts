/**
 * The lifetime a response announces, in seconds: `max-age` of `Cache-Control`, 0 for `no-store`/`no-cache`,
 * undefined when there is no such header (errors carry none, FACTS §4).
 */
export function parseMaxAge(header: string | null | undefined): number | undefined {
  if (!header) return undefined;
  const directives = header
    .toLowerCase()
    .split(',')
    .map((d) => d.trim());
  if (directives.includes('no-store') || directives.includes('no-cache')) return 0;
  for (const directive of directives) {
    const match = /^max-age=(\d+)$/.exec(directive);
    if (match?.[1] !== undefined) return Number(match[1]);
  }
  return undefined;
}
