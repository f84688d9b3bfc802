/** Small numeric helpers shared by the benchmarks. */

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Fixed decimals for the table; "n/a" for a figure that could not be measured. */
export function round(value: number, digits = 0): string {
  if (!Number.isFinite(value)) return "n/a";
  return value.toFixed(digits);
}

/** min–max of a sample, to show the spread next to a median. */
export function spread(values: readonly number[], digits = 0): string {
  if (values.length === 0) return "n/a";
  return `${round(Math.min(...values), digits)}–${round(Math.max(...values), digits)}`;
}
