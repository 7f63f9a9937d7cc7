/**
 * Who is waiting for a request, most urgent first: a view on screen (`interactive`), a user's change
 * (`mutation`), something the user is about to see (`prefetch`), and refreshes nobody is looking at
 * (`background`).
 */
export type Priority = 'interactive' | 'mutation' | 'prefetch' | 'background';

export const priorities: readonly Priority[] = ['interactive', 'mutation', 'prefetch', 'background'];

/** p-queue runs greater numbers first. */
const rank: Record<Priority, number> = { interactive: 3, mutation: 2, prefetch: 1, background: 0 };

export function priorityRank(priority: Priority): number {
  return rank[priority];
}

export function isPriority(value: unknown): value is Priority {
  return typeof value === 'string' && Object.hasOwn(rank, value);
}
