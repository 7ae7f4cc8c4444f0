import type { NumberChecks } from '../../core/pii';
import { PERSONAL_DATA_GLOBAL, type PersonalData } from '../../shared/personal-data-module';
import { defineLazyScript } from '../lazy-script';
import { loadPhoneMetadata } from './phone-metadata';

/** Built from entrypoints/personal-data.ts, beside background.js; kept at install (host.ts). */
export const personalDataScript = defineLazyScript<PersonalData>('/personal-data.js', PERSONAL_DATA_GLOBAL, 'personal data');

let loading: Promise<{ module: PersonalData; checks: NumberChecks }> | undefined;

/**
 * The personal data script and libphonenumber's metadata, loaded the first time a text is
 * checked (a masked turn, the confirm card's contact list). A failure is not remembered, so the
 * next check tries again; callers must not go on without them (masking fails closed).
 */
export function loadPersonalData(): Promise<{ module: PersonalData; checks: NumberChecks }> {
  loading ??= Promise.all([personalDataScript.load(), loadPhoneMetadata()])
    .then(([module, metadata]) => ({ module, checks: module.createNumberChecks(metadata) }))
    .catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
  return loading;
}
