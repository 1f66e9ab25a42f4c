/**
 * The history page's days (issue 30): entries come newest first; each day's first entry carries the day's heading.
 * A day is the viewer's local calendar day; today and yesterday are named, older days dated.
 */
export type DayName = { kind: 'today' } | { kind: 'yesterday' } | { kind: 'date'; date: Date };

const dayKey = (d: Date) => `${d.getFullYear()}-${d.getMonth()}-${d.getDate()}`;

export function dayOf(watchedAt: string, now: Date): DayName {
  const d = new Date(watchedAt);
  if (dayKey(d) === dayKey(now)) return { kind: 'today' };
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  if (dayKey(d) === dayKey(yesterday)) return { kind: 'yesterday' };
  return { kind: 'date', date: d };
}

/** Whether the entry at `index` starts a new day (the first entry always does). */
export function startsDay(items: ReadonlyArray<{ watchedAt: string }>, index: number): boolean {
  const item = items[index];
  const before = items[index - 1];
  if (!item || !before) return true;
  return dayKey(new Date(item.watchedAt)) !== dayKey(new Date(before.watchedAt));
}
