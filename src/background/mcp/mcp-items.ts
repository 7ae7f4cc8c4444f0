import type { ConfirmationRecord } from '../../core';
import type { McpDecision } from '../../core/mcp';
import type { McpServerConfig } from '../../shared/mcp';
import { defineItem } from '../storage/stored-item';

/**
 * MCP servers in the background's IndexedDB (the vault), where no content script reaches, in
 * either browser: the list, the bearer tokens (apart, never sent to a page) and people's grades.
 */
export const mcpServersItem = defineItem<McpServerConfig[]>({ key: 'mcpServers', version: 1, fallback: () => [], kept: true });

export const mcpTokensItem = defineItem<Record<string, string>>({ key: 'mcpTokens', version: 1, fallback: () => ({}) });

/** Per server id, per tool name: the decision a person made, for the definition hash it names. */
export const mcpDecisionsItem = defineItem<Record<string, Record<string, McpDecision>>>({ key: 'mcpDecisions', version: 1, fallback: () => ({}), kept: true });

/** Prepared MCP actions waiting for (or past) the agent's Confirm, apart from the helpdesk's sends. */
export const mcpConfirmationsItem = defineItem<Record<string, ConfirmationRecord>>({ key: 'mcpConfirmations', version: 1, fallback: () => ({}) });
