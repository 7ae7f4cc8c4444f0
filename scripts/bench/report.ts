import type { BigTicketFigures } from './big-ticket';
import type { BundleSize } from './sizes';
import { round, type Summary } from './stats';

/** The benchmark's figures, each next to its target. */
export interface Figure {
  name: string;
  value: number;
  unit: string;
  /** None where no issue set one: the figure is reported. */
  target?: number;
  /** What `value` is (p50, sum, gzip total). */
  basis: string;
  extra?: string;
}

export interface BenchReport {
  at: string;
  environment: Record<string, string>;
  figures: (Figure & { met: boolean })[];
  /** What each group measured, by name (only the groups that ran). */
  details: Record<string, unknown>;
}

export function withVerdicts(figures: Figure[]): BenchReport['figures'] {
  return figures.map((f) => ({ ...f, met: Number.isFinite(f.value) && (f.target === undefined || f.value <= f.target) }));
}

const kb = (bytes: number) => `${round(bytes / 1024, 1)} KB`;

export function renderTable(report: BenchReport): string {
  const rows = report.figures.map((f) => [
    f.name,
    `${f.unit === 'bytes' ? `${f.value} B (${kb(f.value)})` : `${round(f.value, 2)} ${f.unit}`} ${f.basis}`,
    f.target === undefined ? 'none' : `≤ ${f.unit === 'bytes' ? kb(f.target) : `${f.target} ${f.unit}`}`,
    f.target === undefined ? 'reported' : f.met ? 'met' : 'NOT met',
  ]);
  const head = ['figure', 'measured', 'target', ''];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ');
  const extras = report.figures.filter((f) => f.extra).map((f) => `  ${f.name}: ${f.extra}`);
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line), '', ...extras].join('\n');
}

export function renderBundles(bundles: BundleSize[]): string {
  return bundles
    .map((b) => `  ${b.name.padEnd(15)} ${String(b.gzipBytes).padStart(7)} B gzip -9 (${kb(b.gzipBytes)}), ${kb(b.bytes)} raw: ${b.files.map((f) => `${f.file} ${f.gzipBytes} B`).join(' + ')}`)
    .join('\n');
}
