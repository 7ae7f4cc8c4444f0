import { ModelError, type ChatMessage, type ChatModel } from '../../core';
import { DEFAULT_PHONE_COUNTRIES } from '../../core/pii/phone-countries';
import type { CountryCode } from 'libphonenumber-js/core';
import { loadPersonalData } from './personal-data';
import type { PageCtx } from '../pages/page-tool-proxy';
import type { Services } from '../services';

/** The browser's own region first: its national phone formats are the likeliest in tickets. */
function phoneCountries(): CountryCode[] {
  let region: string | undefined;
  try {
    region = new Intl.Locale(globalThis.navigator?.language ?? 'en-US').maximize().region;
  } catch {
    region = undefined;
  }
  const own = region && /^[A-Z]{2}$/.test(region) ? [region as CountryCode] : [];
  return [...own, ...DEFAULT_PHONE_COUNTRIES.filter((c) => c !== region)];
}

/**
 * The ticket in the tab, read up front so that its people's names are masked from the first
 * request on, even in the agent's own first message. No ticket, no names: the masking model
 * still learns them from any later ticket.read.
 */
async function ticketOfTab(services: Services, ctx: PageCtx): Promise<unknown> {
  if (!ctx.scope || !services.registry.get('ticket.read')) return null;
  const read = await services.registry.invoke('ticket.read', {}, { ...ctx, autonomous: true }).catch(() => null);
  return read?.ok ? read.data : null;
}

export const MASKING_UNAVAILABLE = 'Deskmate could not load its personal data detectors, so nothing was sent to the model. Try again; if it keeps failing, reload the extension.';

/**
 * The model for a turn with masking on. Without the detectors nothing may go out unmasked: the
 * turn fails with a clear error before any request (and a retry tries to load them again).
 */
export async function maskedModel(
  model: ChatModel,
  services: Services,
  ctx: PageCtx,
  onRequest?: (request: { messages: ChatMessage[] }) => void,
): Promise<ChatModel> {
  const [loaded, ticket] = await Promise.all([loadPersonalData().catch(() => null), ticketOfTab(services, ctx)]);
  if (!loaded) {
    return {
      async *stream() {
        throw new ModelError('unknown', MASKING_UNAVAILABLE);
      },
    };
  }
  const people = ticket === null ? [] : loaded.module.peopleOfTicket(ticket);
  return loaded.module.createMaskingModel(model, { people, checks: loaded.checks, phoneCountries: phoneCountries(), ...(onRequest ? { onRequest } : {}) });
}
