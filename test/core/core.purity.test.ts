import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as core from '../../src/core';
import * as confirmFlow from '../../src/core/confirm-flow';
import * as confirmations from '../../src/core/confirmations';
import * as plan from '../../src/core/plan';
import * as registry from '../../src/core/registry';
import * as results from '../../src/core/results';
import * as runGuard from '../../src/core/run-guard';
import * as toolDefinition from '../../src/core/tool-definition';
import * as validation from '../../src/core/validation';
import * as wireNames from '../../src/core/wire-names';

const CORE_DIR = fileURLToPath(new URL('../../src/core', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|js|mjs)$/.test(entry.name) ? [path] : [];
  });
}

// Every way a module can be named: import/export ... from 'x', import 'x', import('x'), require('x').
const MODULE_SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)['"]([^'"]+)['"]/g;
const FORBIDDEN_MODULE = /^(?:wxt(?:\/|$)|#imports$|openai(?:\/|$)|preact(?:\/|$)|webextension-polyfill(?:\/|$)|@wxt-dev\/)/;
const BROWSER_GLOBAL = /\b(?:chrome|browser)\s*(?:\.|\?\.|\[)/;

// Comments may name the browser ("the browser tab"); only code must not reach for it.
const withoutComments = (source: string) => source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');

const files = sourceFiles(CORE_DIR);
const text = (file: string) => readFileSync(file, 'utf8');

describe('src/core stays pure', () => {
  it('finds the core source files to check', () => {
    expect(files.map((f) => relative(CORE_DIR, f))).toEqual(expect.arrayContaining(['index.ts', 'registry.ts', 'plan.ts']));
  });

  it.each(files.map((f) => [relative(CORE_DIR, f), f]))('%s imports nothing of the browser, WXT, openai or Preact', (_name, file) => {
    const specifiers = [...text(file).matchAll(MODULE_SPECIFIER)].map((m) => m[1] ?? '');
    expect(specifiers.filter((s) => FORBIDDEN_MODULE.test(s))).toEqual([]);
  });

  it.each(files.map((f) => [relative(CORE_DIR, f), f]))('%s references no chrome.* or browser.* global', (_name, file) => {
    const lines = withoutComments(text(file))
      .split('\n')
      .filter((line) => BROWSER_GLOBAL.test(line));
    expect(lines).toEqual([]);
  });

  it('catches the imports and globals it looks for', () => {
    const samples = [
      "import { browser } from 'wxt/browser';",
      "import { storage } from '#imports';",
      "import OpenAI from 'openai';",
      "export { h } from 'preact';",
      "import 'webextension-polyfill';",
      "const m = await import('@wxt-dev/storage');",
      "const x = require('openai/resources');",
    ];
    for (const sample of samples) {
      const specifiers = [...sample.matchAll(MODULE_SPECIFIER)].map((m) => m[1] ?? '');
      expect(specifiers.some((s) => FORBIDDEN_MODULE.test(s)), sample).toBe(true);
    }
    for (const sample of ['chrome.runtime.sendMessage(x)', 'await browser.tabs.query({})', 'globalThis.chrome?.storage', "browser['tabs']"]) {
      expect(BROWSER_GLOBAL.test(sample), sample).toBe(true);
    }
    expect(BROWSER_GLOBAL.test(withoutComments('/** Runs in the browser. */\n// chrome.* is for the glue'))).toBe(false);
    expect(BROWSER_GLOBAL.test(withoutComments("const u = 'https://x'; chrome.tabs.query({});"))).toBe(true);
  });
});

describe('the public API of src/core', () => {
  it('exports the registry, the store, the wire-name mapping and the plan runner as runtime values', () => {
    expect(typeof core.ToolRegistry).toBe('function');
    expect(new core.ToolRegistry()).toBeInstanceOf(core.ToolRegistry);
    expect(typeof core.MemoryConfirmationStore).toBe('function');
    expect(new core.MemoryConfirmationStore()).toBeInstanceOf(core.MemoryConfirmationStore);
    expect(core.toWireName('kb.search')).toBe('kb__search');
    expect(core.fromWireName('kb__search')).toBe('kb.search');
    expect(typeof core.runPlan).toBe('function');
  });

  it('exports exactly these runtime names from the registry modules, and none of their internals', () => {
    const registryModules = [registry, confirmations, confirmFlow, wireNames, plan, results, runGuard, toolDefinition, validation];
    const fromRegistryModules = Object.keys(core).filter((name) => registryModules.some((m) => name in m));
    expect(fromRegistryModules.sort()).toEqual(
      [
        'MAX_WIRE_NAME_LENGTH',
        'MemoryConfirmationStore',
        'TRUNCATION_MARKER',
        'ToolRegistry',
        'canonicalJson',
        'fail',
        'fromWireName',
        'isLegalToolName',
        'payloadDigest',
        'runPlan',
        'toWireName',
        'whyIllegalName',
      ].sort(),
    );
    // deliver must be reachable only through ToolRegistry.confirm.
    for (const internal of ['deliverConfirmed', 'prepareConfirmation', 'whyRefused', 'guardedRun', 'boundResult', 'assertToolDefinition']) {
      expect(core).not.toHaveProperty(internal);
    }
  });
});
