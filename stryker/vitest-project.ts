import type { UserWorkspaceConfig } from 'vitest/config';
import base, { IN_A_THREAD } from '../vitest.config';

/**
 * One project of the unit suite (vitest.config.ts), as a config of its own for a mutation run:
 * the same plugins, aliases and setup, only the test files a group needs. Stryker's vitest runner
 * runs one config, and each mutant reruns only the tests that reached it.
 */
export function projectConfig(name: 'core' | 'extension', include: string[]): UserWorkspaceConfig {
  const project = (base.test?.projects ?? []).find((p) => typeof p === 'object' && 'test' in p && p.test?.name === name) as UserWorkspaceConfig | undefined;
  if (!project) throw new Error(`vitest.config.ts has no project named ${name}`);
  // A niced run beside others' work, with every test instrumented for coverage, can take several
  // times the suite's usual 15 s on a test that starts a file; a mutant that hangs is Stryker's to time out.
  // Plain worker threads, as the suite ran when these groups were measured: the files the suite
  // keeps out of its VM contexts (IN_A_THREAD) belong to the groups too.
  const exclude = (project.test?.exclude ?? []).filter((file) => !IN_A_THREAD.includes(file));
  return { ...project, test: { ...project.test, pool: 'threads', include, exclude: [...exclude, 'test/e2e/**', 'test/**/*.e2e.test.ts'], testTimeout: 60_000 } };
}
