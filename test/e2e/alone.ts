// E2E files that run alone, after the others: those that hold something of the whole machine —
// the policy files Chromium and Firefox read from /etc and their installation folder, which every
// browser started meanwhile would read too, and the demo model's default port, which the first
// run needs free — and runtime.exactly-once, whose double click on Send… opened no card at all,
// twice, beside another browser on a machine at load 25-30 (it passes alone there): a race to find
// and fix in the send path, not to hide by retrying. test/e2e/alone.test.ts keeps the policy list
// complete.
export const ALONE = [
  'test/e2e/policy.chromium.e2e.test.ts',
  'test/e2e/policy.firefox.e2e.test.ts',
  'test/e2e/policy.mcp.e2e.test.ts',
  'test/security/policy-unreadable.firefox.e2e.test.ts',
  'test/e2e/first-run.e2e.test.ts',
  'test/e2e/runtime.exactly-once.e2e.test.ts',
];
