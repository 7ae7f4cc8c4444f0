import type { Policy } from './policy';
import type { ModelSettings, SiteSettings } from './settings';

/**
 * How the policy goes over what the agent chose. Pure: the background applies these at the one
 * place it reads each setting, so no message can get around them.
 */

/**
 * The model settings in force. The policy's endpoint is used while the agent has saved none of
 * their own, and always when locked; the key is always the agent's own (kept in the vault), since
 * the policy can hold none (policy-secrets.ts).
 */
export function modelUnderPolicy(user: ModelSettings, userSaved: boolean, p: Policy): ModelSettings {
  let s = user;
  if (p.model && (p.lockModel || !userSaved)) {
    s = { ...user, preset: 'custom', baseURL: p.model.baseURL, model: p.model.model, apiKey: userSaved ? user.apiKey : '' };
  }
  return p.requireMasking ? { ...s, maskPersonalData: true } : s;
}

/** Why the policy refuses to store these settings, or null. */
export function modelChangeRefusal(next: ModelSettings, p: Policy): string | null {
  if (p.model && p.lockModel && (next.baseURL !== p.model.baseURL || next.model !== p.model.model)) return 'The model endpoint and model are set by your organisation.';
  if (p.requireMasking && next.maskPersonalData === false) return 'Masking personal data is required by your organisation.';
  return null;
}

/** A site's switches with the policy over them; `locked` names the switches the agent cannot turn on. */
export function siteUnderPolicy(site: SiteSettings, p: Policy): SiteSettings {
  const readOnly = p.readOnlySites.includes(site.origin);
  const locked: ('write' | 'send')[] = [...(readOnly ? (['write'] as const) : []), ...(readOnly || p.sendDisabled ? (['send'] as const) : [])];
  if (!locked.length) return site;
  return { ...site, write: site.write && !readOnly, send: site.send && !readOnly && !p.sendDisabled, locked };
}

/** Whether the agent may enable Deskmate on a site: any, unless the policy lists the allowed ones (none while it is unreadable). */
export const siteAllowedByPolicy = (origin: string, p: Policy): boolean => p.unreadable === null && (p.allowedSites === null || p.allowedSites.includes(origin));

/** Whether Deskmate may run at all: not while a policy that is there cannot be read, not even on loopback pages. */
export const runsUnderPolicy = (p: Policy): boolean => p.unreadable === null;

/** The team instructions in force: the policy's, else the agent's. */
export const teamInstructionsUnderPolicy = (own: string, p: Policy): string => p.teamInstructions ?? own;
