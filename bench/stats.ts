/** Order statistics for benchmark samples. Medians and ratios, not means: these machines are noisy. */
export function percentile(samples: number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

export const median = (samples: number[]) => percentile(samples, 50);

export const ms = (value: number) => `${value.toFixed(1)} ms`;
