import { browser } from 'wxt/browser';
import type { NumberChecks } from '../core/pii';
import { PERSONAL_DATA_GLOBAL, type PersonalData } from '../shared/personal-data-module';
import { loadPhoneMetadata } from './phone-metadata';
import { log } from './logger';

/** Built from entrypoints/personal-data.ts, beside background.js. */
export const PERSONAL_DATA_SCRIPT = '/personal-data.js';

const loaded = () => (globalThis as { [PERSONAL_DATA_GLOBAL]?: PersonalData })[PERSONAL_DATA_GLOBAL];

type WorkerScope = { importScripts(...urls: string[]): void; addEventListener(type: 'install', listener: () => void): void };
const worker = (): WorkerScope | null => (typeof (globalThis as Partial<WorkerScope>).importScripts === 'function' ? (globalThis as unknown as WorkerScope) : null);

/**
 * Chrome's MV3 worker may import a script after its first run only if it imported it while it
 * was being installed (Chromium 156 throws otherwise; `import()` is not allowed there at all).
 * So the script is imported once at install, which keeps it with the worker's own scripts for
 * every later start, and run again only when it is needed. Added synchronously at the start.
 */
export function keepPersonalDataAtInstall(): void {
  const scope = worker();
  scope?.addEventListener('install', () => {
    // A failure here must not fail the install: the worker runs without it and masking fails closed.
    try {
      scope.importScripts(PERSONAL_DATA_SCRIPT);
    } catch (error) {
      log.error('personal-data', 'Could not keep the personal data script at install', error);
    }
  });
}

function loadScript(): Promise<PersonalData> {
  const scope = worker();
  if (!scope && typeof document !== 'undefined') {
    // Firefox's background is a page: a script element, allowed by script-src 'self'.
    return new Promise((resolve, reject) => {
      const script = document.createElement('script');
      script.src = browser.runtime.getURL(PERSONAL_DATA_SCRIPT);
      script.onload = () => (loaded() ? resolve(loaded()!) : reject(new Error('The personal data script ran without its detectors.')));
      script.onerror = () => reject(new Error('The personal data script could not be loaded.'));
      document.head.append(script);
    });
  }
  scope?.importScripts(PERSONAL_DATA_SCRIPT);
  const module = loaded();
  return module ? Promise.resolve(module) : Promise.reject(new Error('The personal data script ran without its detectors.'));
}

let loading: Promise<{ module: PersonalData; checks: NumberChecks }> | undefined;

/**
 * The personal data script and libphonenumber's metadata, loaded the first time a text is
 * checked (a masked turn, the confirm card's contact list). A failure is not remembered, so the
 * next check tries again; callers must not go on without them (masking fails closed).
 */
export function loadPersonalData(): Promise<{ module: PersonalData; checks: NumberChecks }> {
  loading ??= Promise.all([loaded() ? Promise.resolve(loaded()!) : Promise.resolve().then(loadScript), loadPhoneMetadata()])
    .then(([module, metadata]) => ({ module, checks: module.createNumberChecks(metadata) }))
    .catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
  return loading;
}
