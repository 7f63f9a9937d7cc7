/**
 * A person's dates as people read them: "12 September 1945 (age 81)", "3 May 1920 – 9 June 2001 (aged 81)",
 * "died 9 June 2001". The service sends ISO dates (`YYYY-MM-DD`), `null` or `""` when it does not know one.
 */
let format: Intl.DateTimeFormat | undefined;
/** Made on first use: a formatter's locale data is loaded when it is made, not when the screen's chunk is. */
function day(at: Date): string {
  format ??= new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  return format.format(at);
}

function parse(date: string | null | undefined): { at: Date; y: number; m: number; d: number } | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date ?? '');
  if (!match) return undefined;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const at = new Date(Date.UTC(y, m - 1, d));
  // Date.UTC rolls a day or month out of range over into the next: such a date is malformed, not shown.
  return at.getUTCMonth() + 1 === m && at.getUTCDate() === d ? { at, y, m, d } : undefined;
}

/** Whole years from `from` to `to` (the birthday counts on its day). */
function yearsBetween(from: { y: number; m: number; d: number }, to: { y: number; m: number; d: number }): number {
  const beforeBirthday = to.m < from.m || (to.m === from.m && to.d < from.d);
  return to.y - from.y - (beforeBirthday ? 1 : 0);
}

export function lifeDates(
  birthday: string | null | undefined,
  deathday: string | null | undefined,
  now: number,
): string | undefined {
  const born = parse(birthday);
  const died = parse(deathday);
  if (born && died) {
    return `${day(born.at)} – ${day(died.at)} (aged ${yearsBetween(born, died)})`;
  }
  if (died) return `died ${day(died.at)}`;
  if (!born) return undefined;
  const today = new Date(now);
  const age = yearsBetween(born, { y: today.getUTCFullYear(), m: today.getUTCMonth() + 1, d: today.getUTCDate() });
  return age >= 0 ? `${day(born.at)} (age ${age})` : day(born.at);
}
