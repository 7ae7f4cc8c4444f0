import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { request } from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { startHelpdesk, type Helpdesk } from '../../demo/helpdesk/server.mjs';

let helpdesk: Helpdesk;
const dataFile = join(mkdtempSync(join(tmpdir(), 'deskmate-helpdesk-')), 'sent.json');
beforeAll(async () => {
  helpdesk = await startHelpdesk({ port: 0, dataFile });
});
afterAll(async () => {
  await helpdesk.close();
  rmSync(dirname(dataFile), { recursive: true, force: true });
});
beforeEach(async () => {
  expect((await fetch(`${helpdesk.url}/api/sent`, { method: 'DELETE' })).status).toBe(200);
});

const get = (path: string) => fetch(helpdesk.url + path);
const page = async (path: string) => (await get(path)).text();
const reply = (id: number, data: unknown) =>
  fetch(`${helpdesk.url}/api/tickets/${id}/replies`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(data),
  });
const sentLog = async () => (await get('/api/sent')).json() as Promise<{ ticketId: number; body: string; status: string; seq: number }[]>;
const ticketJson = async (id: number) =>
  (await get(`/api/tickets/${id}`)).json() as Promise<{ status: string; messages: { role: string; body: string }[] }>;
/** The rendered thread, without the page's own chrome and scripts. */
const threadOf = (html: string) => html.slice(html.indexOf('<div class="hd-thread"'), html.indexOf('<section class="hd-reply"'));

describe('pages', () => {
  it('listens on loopback', () => {
    expect(helpdesk.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('lists every ticket on / and /tickets', async () => {
    for (const path of ['/', '/tickets']) {
      const html = await page(path);
      expect(html).toContain('data-helpdesk="deskmate-demo"');
      for (const n of [1041, 1042, 1043, 1044, 1045, 1046, 1047, 1048]) expect(html).toContain(`#${n}`);
      expect(html).not.toContain('data-ticket-number');
    }
  });

  it('shows a ticket with its header, thread and reply editor', async () => {
    const html = await page('/tickets/1');
    expect(html).toContain('data-ticket-id="1" data-ticket-number="1041"');
    expect(html).toContain('<span class="hd-ticket-number">#1041</span>');
    expect(threadOf(html).match(/<article class="hd-message" data-role="(customer|agent|internal)"/g)).toHaveLength(4);
    expect(html).toContain('<time class="hd-message-time" datetime="2025-03-17T08:12:00Z"');
    expect(html).toContain('contenteditable="true"');
    expect(html).toContain('<textarea name="body"');
  });

  it('answers 404 for an unknown ticket', async () => {
    expect((await get('/tickets/999')).status).toBe(404);
    expect((await get('/api/tickets/999')).status).toBe(404);
  });

  it('serves the long ticket and the pager neighbours as JSON', async () => {
    const t = (await (await get('/api/tickets/5')).json()) as { number: number; messages: unknown[]; nav: unknown };
    expect([t.number, t.messages.length, t.nav]).toEqual([1045, 34, { prev: 4, next: 6 }]);
  });

  it('refuses a request whose Host is not this machine', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(`${helpdesk.url}/tickets`, { headers: { host: 'attacker.example' } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject).end();
    });
    expect(status).toBe(421);
  });
});

describe('replies and the sent log', () => {
  it('records an accepted reply exactly once, with exactly its text, and shows it in the thread', async () => {
    const body = 'Hi Maria, the duplicate charge is refunded.';
    const response = await reply(1, { body, status: 'pending' });
    expect(response.status).toBe(201);
    const log = await sentLog();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ seq: 1, ticketId: 1, body, status: 'pending' });
    expect(log[0]).toHaveProperty('at');
    const ticket = await ticketJson(1);
    expect(ticket.status).toBe('pending');
    expect(ticket.messages.at(-1)).toMatchObject({ role: 'agent', body });
    expect(threadOf(await page('/tickets/1'))).toContain(body);
    expect(JSON.parse(readFileSync(dataFile, 'utf8'))).toEqual(log);
  });

  it('rejects an empty reply with 400 and records nothing', async () => {
    for (const data of [{ body: '' }, { body: '   ' }, { body: '<p><br></p>' }, {}, { body: 42 }]) {
      const response = await reply(1, data);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toMatch(/empty/);
    }
    expect(await sentLog()).toEqual([]);
  });

  it('rejects an unknown status', async () => {
    expect((await reply(1, { body: 'Hello', status: 'deleted' })).status).toBe(400);
    expect(await sentLog()).toEqual([]);
  });

  it('resets the log and the tickets on DELETE /api/sent', async () => {
    await reply(1, { body: 'One', status: 'solved' });
    await reply(2, { body: 'Two' });
    expect((await sentLog()).map((s) => s.seq)).toEqual([1, 2]);
    await fetch(`${helpdesk.url}/api/sent`, { method: 'DELETE' });
    expect(await sentLog()).toEqual([]);
    const ticket = await ticketJson(1);
    expect([ticket.status, ticket.messages.length]).toEqual(['open', 4]);
    expect(JSON.parse(readFileSync(dataFile, 'utf8'))).toEqual([]);
  });
});

describe('customer HTML', () => {
  const unsafe = (html: string) => [
    /<script/i.test(html) && 'script',
    /<style/i.test(html) && 'style',
    /<iframe/i.test(html) && 'iframe',
    /\son\w+\s*=/i.test(html) && 'event handler',
    /javascript:/i.test(html) && 'javascript: URL',
    /\sstyle\s*=/i.test(html) && 'inline style',
    /src="https?:/i.test(html) && 'remote image',
  ].filter(Boolean);

  it('renders the HTML ticket sanitized, keeping its readable structure', async () => {
    const html = await page('/tickets/6');
    const thread = threadOf(html);
    expect(unsafe(thread)).toEqual([]);
    expect(html.match(/<script\b[^>]*>/g)).toEqual(['<script type="module" src="/assets/app.mjs">']);
    expect(thread).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(thread).toContain('<img src="data:image/png;base64,');
    for (const tag of ['<table>', '<ul>', '<ol>', '<b>Valencia</b>']) expect(thread).toContain(tag);
    expect(thread).toContain('<a href="https://www.example.com/herrera/floorplan"');
  });

  it('sanitizes replies too, in pages and in the API, while the log keeps what was posted', async () => {
    const body = '<p style="color:red" onclick="x()">Hi</p><img src=x onerror=alert(1)><a href="jav&#x61;script:alert(1)">link</a><script>alert(1)</script>';
    expect((await reply(1, { body })).status).toBe(201);
    const stored = (await ticketJson(1)).messages.at(-1)!.body;
    expect(unsafe(stored)).toEqual([]);
    expect(stored).toContain('<p>Hi</p>');
    expect(unsafe(threadOf(await page('/tickets/1')))).toEqual([]);
    expect((await sentLog())[0]?.body).toBe(body);
  });
});
