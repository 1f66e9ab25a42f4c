/**
 * When a video counts as watched (issue 30, decisions/039): within its last 30 seconds or past 95 %, whichever
 * comes first — but never before its middle, so a video of a minute or less is not "watched" as it starts.
 * A length of 0 (unknown) never marks.
 */
export function isWatchedAt(position: number, duration: number): boolean {
  if (!(duration > 0)) return false;
  const threshold = Math.max(duration / 2, Math.min(duration - 30, duration * 0.95));
  return position >= threshold;
}
