import { browser } from 'wxt/browser';
import type { PhoneMetadata } from '../../core/pii';

/** Packaged by wxt.config.ts from libphonenumber-js's own "min" metadata, version for version. */
export const PHONE_METADATA_FILE = 'phone-metadata.json';

let loading: Promise<PhoneMetadata> | undefined;

/**
 * libphonenumber's number plans, read from the extension's own files the first time a text is
 * checked for phone numbers (masking, the confirm card's contact list). They are about a third
 * of what the library weighs; kept out of the background bundle, the worker starts without
 * parsing them. A failed read is not remembered, so the next check tries again.
 */
export function loadPhoneMetadata(): Promise<PhoneMetadata> {
  // Packaged by a build hook, not from public/: WXT's typed paths do not list it.
  const url = (browser.runtime.getURL as (path: string) => string)(`/${PHONE_METADATA_FILE}`);
  loading ??= fetch(url)
    .then((response) => {
      if (!response.ok) throw new Error(`Deskmate could not read its phone number plans (${response.status}).`);
      return response.json() as Promise<PhoneMetadata>;
    })
    .catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
  return loading;
}
