import type { Page } from 'playwright-core';
import type { SidePanel } from '../../test/e2e/harness/side-panel-handle';
import type { DemoSession } from '../demo/session';
import type { Figure } from './report';
import type { BundleSize } from './sizes';

/** What `--only` may name, in the order they run; every group runs when it is not given. */
export const GROUPS = ['turns', 'paint', 'long', 'roundtrip', 'big', 'render', 'talk', 'cpu', 'story', 'cold', 'tabs', 'sizes'] as const;
export type Group = (typeof GROUPS)[number];

/** How much each group measures (the command line's counts). */
export interface BenchCounts {
  turns: number;
  roundTrips: number;
  tokens: number;
  tabs: number;
  reloads: number;
  coldPairs: number;
}

/** One bench run as its groups see it: the story's tab and panel, and where their figures go. */
export interface BenchRun {
  session: DemoSession;
  page: Page;
  panel: SidePanel;
  storyTicket: string;
  counts: BenchCounts;
  /** Read once before any group: a rebuild of .output while the bench runs must not change them. */
  bundles: BundleSize[];
  /** Held to their targets in the table. */
  figures: Figure[];
  /** Written to .demo-out/bench.json only. */
  details: Record<string, unknown>;
  /** Printed under the table. */
  lines: string[];
  /** Runs `measure`, under CPU profiles of the worker and the panel with --profile. */
  profiled<T>(label: string, perUnit: { n: number; unit: string }, measure: () => Promise<T>): Promise<T>;
}

export type GroupMeasure = (run: BenchRun) => Promise<void>;

export const sum = (ns: number[]) => ns.reduce((a, b) => a + b, 0);
