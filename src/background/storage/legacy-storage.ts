import { browser } from 'wxt/browser';
import { LEGACY_ITEMS } from './items';
import { defineItem, storeAsVersion } from './stored-item';

/** Set once the import from storage.local is done: from then on storage.local is never read. */
const importedItem = defineItem<boolean>({ key: 'legacyImported', version: 1, fallback: () => false });

/**
 * Earlier versions kept these items in storage.local, which a content script can read and
 * write in Firefox. At the first start of this version they are copied into the vault (as
 * version 1, so the items' migrations apply) and deleted. It happens once: a value a content
 * script plants in storage.local later is deleted at the next start and never read.
 */
export async function importLegacyStorage(): Promise<void> {
  const keys = LEGACY_ITEMS.map((item) => item.key);
  if (!(await importedItem.get())) {
    const legacy = await browser.storage.local.get(keys);
    for (const item of LEGACY_ITEMS) {
      if (legacy[item.key] === undefined || (await item.exists())) continue;
      await storeAsVersion(item.key, 1, legacy[item.key]);
    }
    await importedItem.set(true);
  }
  await browser.storage.local.remove(keys);
}
