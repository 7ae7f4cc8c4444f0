import type { Tool } from './tool';
import { whyIllegalName } from './wire-names';

const GRADES = new Set(['read', 'write', 'send']);

/**
 * Checks a tool definition before it enters a registry. A wrong definition is a
 * programmer's mistake, so this throws, with the reason.
 */
export function assertToolDefinition(tool: Tool): void {
  if (tool === null || typeof tool !== 'object') throw new Error('a tool must be an object');
  const illegal = whyIllegalName(tool.name);
  if (illegal) throw new Error(`cannot register tool: ${illegal}`);
  const name = tool.name;
  if (!GRADES.has(tool.sideEffect)) {
    throw new Error(`cannot register ${name}: sideEffect must be 'read', 'write' or 'send'`);
  }
  if (typeof tool.run !== 'function') throw new Error(`cannot register ${name}: run must be a function`);
  if (tool.sideEffect === 'send' && typeof tool.deliver !== 'function') {
    throw new Error(`cannot register ${name}: a send tool needs deliver(payload, ctx); run only prepares`);
  }
  if (tool.sideEffect !== 'send' && tool.deliver !== undefined) {
    throw new Error(`cannot register ${name}: only a send tool may have deliver`);
  }
  const schema = tool.inputSchema;
  if (!schema || schema.type !== 'object' || typeof schema.properties !== 'object' || schema.properties === null) {
    throw new Error(`cannot register ${name}: inputSchema must be an object schema with properties`);
  }
  if (typeof tool.description !== 'string' || tool.description.trim() === '') {
    throw new Error(`cannot register ${name}: the model needs a description`);
  }
  if (tool.scopes !== undefined && !Array.isArray(tool.scopes)) {
    throw new Error(`cannot register ${name}: scopes must be an array of strings`);
  }
  if (tool.featureFlag !== undefined && (typeof tool.featureFlag !== 'string' || tool.featureFlag === '')) {
    // An empty flag is falsy and would gate nothing: the unsafe side.
    throw new Error(`cannot register ${name}: featureFlag must be a non-empty string`);
  }
  if (tool.timeoutMs !== undefined && !(Number.isFinite(tool.timeoutMs) && tool.timeoutMs > 0)) {
    throw new Error(`cannot register ${name}: timeoutMs must be a positive number`);
  }
}
