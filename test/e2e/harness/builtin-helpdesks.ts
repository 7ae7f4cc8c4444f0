import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { htmlToStoredText } from './fixture-helpdesk';
import { freshdeskPage, helpscoutPage, zammadPage, zendeskPage, type BuiltinTicket, type Helpdesk } from './builtin-pages';

/**
 * The built-in recipes' fixture helpdesks (builtin-pages.ts) on one server, told apart by the
 * Host the browser asks for, as the real ones are: *.zendesk.com, *.freshdesk.com and
 * secure.helpscout.net (the tests map those names to this server), and Zammad on any other
 * host (self-hosted). Every post lands in one log (GET /api/sent) as the text the helpdesk
 * would store.
 */
export interface BuiltinPost {
  helpdesk: Helpdesk;
  ticketId: number;
  text: string;
}

export interface BuiltinHelpdesks {
  port: number;
  /** http://<host>:<port><path> */
  url(host: string, path: string): string;
  sent(): BuiltinPost[];
  reset(): void;
  close(): Promise<void>;
}

export const BUILTIN_DRAFT = 'Hi Ines,\n\nSorry about the lamp. A new one ships today: <no charge> & no return needed.\n\nBest,\nSam';

export const builtinSeed = (): BuiltinTicket[] => [
  {
    id: 4,
    number: '31004',
    subject: 'Invoice address',
    requester: { name: 'Tomas Berg', email: 'tomas@example.net' },
    messages: [{ author: 'Tomas Berg', role: 'customer', time: '2026-11-29T10:40:00Z', body: 'Please put our new address on invoice 2231.' }],
  },
  {
    id: 5,
    number: '31005',
    subject: 'Parcel arrived damaged',
    requester: { name: 'Ines Duarte', email: 'ines@example.org' },
    messages: [
      { author: 'Ines Duarte', role: 'customer', time: '2026-11-30T09:12:00Z', body: 'The box was crushed and the lamp inside is broken.\nCan you send a new one?' },
      { author: 'Sam Lee', role: 'internal', time: '2026-11-30T09:20:00Z', body: 'Courier claim opened.' },
      { author: 'Sam Lee', role: 'agent', time: '2026-11-30T09:25:00Z', body: 'Sorry to hear that, Ines. Could you send a photo of the box?' },
    ],
  },
];

export const helpdeskOf = (host: string): Helpdesk =>
  host.endsWith('.zendesk.com') ? 'zendesk' : host.endsWith('.freshdesk.com') ? 'freshdesk' : host === 'secure.helpscout.net' ? 'helpscout' : 'zammad';

/** The page a helpdesk serves at `path`, or null. */
export function builtinPage(helpdesk: Helpdesk, path: string, tickets: BuiltinTicket[]): string | null {
  const find = (id: string | undefined) => tickets.find((t) => t.id === Number(id));
  if (helpdesk === 'zammad') return path === '/' ? zammadPage(tickets) : null;
  if (helpdesk === 'zendesk') {
    const m = /^\/agent\/tickets\/(\d+)$/.exec(path);
    return m && find(m[1]) ? zendeskPage(tickets, Number(m[1])) : null;
  }
  if (helpdesk === 'freshdesk') {
    const t = find(/^\/a\/tickets\/(\d+)$/.exec(path)?.[1]);
    return t ? freshdeskPage(t) : null;
  }
  const t = find(/^\/conversation\/(\d+)\/\d+$/.exec(path)?.[1]);
  return t ? helpscoutPage(t) : null;
}

export async function startBuiltinHelpdesks(): Promise<BuiltinHelpdesks> {
  let tickets = builtinSeed();
  let sent: BuiltinPost[] = [];
  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      const host = (request.headers.host ?? '').replace(/:\d+$/, '');
      if (url.pathname === '/api/sent') {
        response.writeHead(200, { 'content-type': 'application/json' });
        return response.end(JSON.stringify(sent));
      }
      if (url.pathname === '/__fixture/post' && request.method === 'POST') {
        let raw = '';
        for await (const chunk of request) raw += chunk;
        const { helpdesk, ticketId, body, plain } = JSON.parse(raw) as { helpdesk: Helpdesk; ticketId: number; body: string; plain: boolean };
        const ticket = tickets.find((t) => t.id === ticketId);
        const text = (plain ? body : htmlToStoredText(body)).trim();
        if (!ticket || !text || helpdesk !== helpdeskOf(host)) {
          response.writeHead(400, { 'content-type': 'text/plain' });
          return response.end('The reply is empty.');
        }
        sent.push({ helpdesk, ticketId, text });
        ticket.messages.push({ author: 'Sam Lee', role: 'agent', time: new Date().toISOString(), body: text });
        response.writeHead(204);
        return response.end();
      }
      const html = builtinPage(helpdeskOf(host), url.pathname, tickets);
      response.writeHead(html ? 200 : 404, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      response.end(html ?? '<!doctype html><title>Not found</title>Not found');
    })().catch((error: unknown) => {
      response.writeHead(500);
      response.end(String(error));
    });
  });
  await new Promise<void>((ready, fail) => server.once('error', fail).listen(0, '127.0.0.1', ready));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: (host, path) => `http://${host}:${port}${path}`,
    sent: () => structuredClone(sent),
    reset() {
      tickets = builtinSeed();
      sent = [];
    },
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
