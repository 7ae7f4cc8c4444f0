import type { ChatMessage, ChatModel } from '../core';
import { createMaskingModel, DEFAULT_PHONE_COUNTRIES, peopleOfTicket, type Person } from '../core/pii';
import type { CountryCode } from 'libphonenumber-js/core';
import { loadPhoneMetadata } from './phone-metadata';
import type { PageCtx } from './page-tool-proxy';
import type { Services } from './services';

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
 * The people of the ticket in the tab, read up front so that their names are masked from the
 * first request on, even in the agent's own first message. No ticket, no names: the masking
 * model still learns them from any later ticket.read.
 */
async function peopleOfTab(services: Services, ctx: PageCtx): Promise<Person[]> {
  if (!ctx.scope || !services.registry.get('ticket.read')) return [];
  const read = await services.registry.invoke('ticket.read', {}, { ...ctx, autonomous: true }).catch(() => null);
  return read?.ok ? peopleOfTicket(read.data) : [];
}

/** The model for a turn with masking on. */
export async function maskedModel(
  model: ChatModel,
  services: Services,
  ctx: PageCtx,
  onRequest?: (request: { messages: ChatMessage[] }) => void,
): Promise<ChatModel> {
  const [people, phoneMetadata] = await Promise.all([peopleOfTab(services, ctx), loadPhoneMetadata()]);
  return createMaskingModel(model, { people, phoneMetadata, phoneCountries: phoneCountries(), ...(onRequest ? { onRequest } : {}) });
}
