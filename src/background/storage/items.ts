import type { ConfirmationRecord } from '../../core';
import type { KbArticle } from '../../tools/knowledge-base';
import type { SavedReplies } from '../../shared/saved-replies';
import type { KbSyncError } from '../../shared/kb-sync';
import type { AuditEntry } from '../../shared/audit';
import { defaultModelSettings, type ModelSettings, type SiteSettings } from '../../shared/settings';
import { chain, GENESIS } from './audit-chain';
import { defineItem } from './stored-item';

/**
 * Everything the background keeps across restarts that a content script must not read or
 * change: one definition per item, in the background's IndexedDB (see vault.ts). Version 1 of
 * each is the shape it had in storage.local, so the one-time import starts from there.
 */

// Every turn reads it before its first request; only the background writes it (model.set).
export const modelItem = defineItem<ModelSettings>({
  key: 'model',
  version: 1,
  fallback: () => defaultModelSettings(),
  kept: true,
});

export const confirmationsItem = defineItem<Record<string, ConfirmationRecord>>({
  key: 'confirmations',
  version: 1,
  fallback: () => ({}),
});

export interface StoredAudit {
  /** The hash the first kept entry links to: GENESIS, or the last entry dropped for space. */
  anchor: string;
  entries: AuditEntry[];
}

type UnchainedEntry = Omit<AuditEntry, 'prev' | 'hash'>;

export const auditItem = defineItem<StoredAudit>({
  key: 'audit',
  version: 2,
  fallback: () => ({ anchor: GENESIS, entries: [] }),
  migrations: {
    // Version 1 was a plain array; version 2 chains each entry to the one before it.
    2: async (old) => {
      const entries: AuditEntry[] = [];
      for (const e of Array.isArray(old) ? (old as UnchainedEntry[]) : []) {
        entries.push(await chain<AuditEntry>(e, entries.at(-1)?.hash ?? GENESIS));
      }
      return { anchor: GENESIS, entries } satisfies StoredAudit;
    },
  },
});

// Every announce and every view reads the switches; only the background writes them (sites.set).
// The policy goes over them at each read (site-settings.ts), so a policy change counts at once.
export const siteSettingsItem = defineItem<Record<string, SiteSettings>>({
  key: 'sites',
  version: 1,
  fallback: () => ({}),
  kept: true,
});

// Every announce and every view asks for it; only the background writes it (sites.enable, sites.disable).
export const enabledSitesItem = defineItem<string[]>({
  key: 'enabledSites',
  version: 1,
  fallback: () => [],
  kept: true,
});

export const kbItem = defineItem<KbArticle[]>({
  key: 'kb',
  version: 1,
  fallback: () => [],
});

/** The agent's own knowledge-base URL ('' for none); the organisation's, when set, is used instead. */
export const kbUrlItem = defineItem<string>({
  key: 'kbUrl',
  version: 1,
  fallback: () => '',
});

/** The last good copy of the knowledge base at a URL, kept apart from the imported articles. */
export interface KbCopy {
  url: string;
  articles: KbArticle[];
  /** The validators of the response it came from, sent with the next check. */
  etag: string | null;
  lastModified: string | null;
  syncedAt: number;
}

export const kbCopyItem = defineItem<KbCopy | null>({
  key: 'kbCopy',
  version: 1,
  fallback: () => null,
});

/** How the last check of the URL went (written at every check; the copy only when it changes). */
export interface KbSyncStatus {
  url: string | null;
  checkedAt: number | null;
  error: KbSyncError | null;
  problems: string[];
}

export const kbSyncStatusItem = defineItem<KbSyncStatus>({
  key: 'kbSyncStatus',
  version: 1,
  fallback: () => ({ url: null, checkedAt: null, error: null, problems: [] }),
});

/** The team's saved replies and the agent's name for their variables. */
export const savedRepliesItem = defineItem<SavedReplies>({
  key: 'savedReplies',
  version: 1,
  fallback: () => ({ agentName: '', replies: [] }),
});

/** The items that used to live in storage.local under the same keys. */
export const LEGACY_ITEMS = [modelItem, confirmationsItem, auditItem, siteSettingsItem, enabledSitesItem, kbItem] as const;
