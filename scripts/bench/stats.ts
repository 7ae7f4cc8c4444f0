/** Nearest-rank percentiles and a few formatting helpers for the benchmark. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export interface Summary {
  n: number;
  p50: number;
  p95: number;
  min: number;
  max: number;
  mean: number;
}

export function summarize(values: readonly number[]): Summary {
  const n = values.length;
  const mean = n ? values.reduce((a, b) => a + b, 0) / n : Number.NaN;
  return {
    n,
    p50: round(percentile(values, 50)),
    p95: round(percentile(values, 95)),
    min: round(n ? Math.min(...values) : Number.NaN),
    max: round(n ? Math.max(...values) : Number.NaN),
    mean: round(mean),
  };
}

export const round = (x: number, digits = 2): number => Number(x.toFixed(digits));
