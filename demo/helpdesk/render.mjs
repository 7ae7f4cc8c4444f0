// @ts-check
/** Full HTML pages. The ticket view itself comes from public/views.mjs, shared with the browser. */
import { avatar, escapeHtml, STATUSES, statusBadge, ticketMain, ticketTitle, timeHtml } from './public/views.mjs';

/** @typedef {ReturnType<import('./store.mjs').createStore>} Store */

/** @param {{ title: string, main: string, agent: { name: string }, workspace: string, page: string, query?: string }} p */
function layout({ title, main, agent, workspace, page, query = '' }) {
  return `<!doctype html>
<html lang="en" data-helpdesk="deskmate-demo">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="application-name" content="Deskmate demo helpdesk">
<title>${escapeHtml(title)}</title>
<link rel="icon" href="/assets/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/assets/app.css">
</head>
<body data-page="${page}">
<header class="hd-topbar">
  <a class="hd-brand" href="/tickets"><span class="hd-brand-mark" aria-hidden="true"></span>${escapeHtml(workspace)} <span class="hd-brand-sub">Support</span></a>
  <nav class="hd-topnav" aria-label="Main"><a href="/tickets" class="is-active">Tickets</a><a aria-disabled="true">Customers</a><a aria-disabled="true">Reports</a></nav>
  <form class="hd-search-form" action="/search" method="get" role="search"><input type="search" name="q" class="hd-search-input" value="${escapeHtml(query)}" placeholder="Search tickets" aria-label="Search tickets"></form>
  <div class="hd-agent">${avatar(agent.name, 'hd-avatar--sm')}<span>${escapeHtml(agent.name)}</span></div>
</header>
<main id="hd-main" class="hd-main">
${main}
</main>
<script type="module" src="/assets/app.mjs"></script>
</body>
</html>
`;
}

/** @param {Store} store @param {string | null} status */
export function listPage(store, status) {
  const tickets = store.list(status);
  const rows = tickets.map((t) => `<tr class="hd-ticket-row" data-ticket-id="${t.id}">
  <td class="hd-col-number">#${t.number}</td>
  <td class="hd-col-subject"><a class="hd-row-subject" href="/tickets/${t.id}">${escapeHtml(t.subject)}</a>
    <div class="hd-row-snippet">${escapeHtml(t.snippet)}</div></td>
  <td class="hd-col-requester"><div class="hd-row-requester">${escapeHtml(t.requester.name)}</div><div class="hd-row-email">${escapeHtml(t.requester.email)}</div></td>
  <td class="hd-col-status">${statusBadge(t.status)}</td>
  <td class="hd-col-updated">${timeHtml(t.updatedAt)}</td>
</tr>`).join('\n');
  const all = store.list(null);
  const view = (/** @type {string | null} */ value, /** @type {string} */ label) => {
    const n = value ? all.filter((t) => t.status === value).length : all.length;
    const href = value ? `/tickets?status=${value}` : '/tickets';
    return `<a class="hd-view${value === status ? ' is-active' : ''}" href="${href}"><span>${label}</span><span class="hd-view-count">${n}</span></a>`;
  };
  const title = status ? `${STATUSES.find(([s]) => s === status)?.[1] ?? status} tickets` : 'All tickets';
  const main = `<div class="hd-list-layout">
  <nav class="hd-views" aria-label="Views"><h2 class="hd-card-title">Views</h2>${view(null, 'All tickets')}${STATUSES.map(([s, l]) => view(s, l)).join('')}</nav>
  <section class="hd-list">
    <header class="hd-list-header"><h1>${escapeHtml(title)}</h1><span class="hd-list-count">${tickets.length} tickets</span></header>
    <table class="hd-ticket-table">
      <thead><tr><th>#</th><th>Subject</th><th>Requester</th><th>Status</th><th>Last update</th></tr></thead>
      <tbody>
${rows || '<tr><td colspan="5" class="hd-empty">No tickets in this view.</td></tr>'}
      </tbody>
    </table>
  </section>
</div>`;
  return layout({ title: `${title} · Northwind Support`, main, agent: store.agent, workspace: store.workspace, page: 'list' });
}

/** @param {Store} store @param {string} query */
export function searchPage(store, query) {
  const results = query.trim() ? store.search(query) : [];
  const items = results.map((t) => `<li class="hd-search-result" data-ticket-id="${t.id}">
  <div class="hd-result-head"><span class="hd-result-number">#${t.number}</span>
    <a class="hd-result-link" href="/tickets/${t.id}">${escapeHtml(t.subject)}</a> ${statusBadge(t.status, 'hd-result-status')}</div>
  <div class="hd-result-meta"><span class="hd-result-requester">${escapeHtml(t.requester.name)}</span> · updated ${timeHtml(t.updatedAt, 'hd-result-updated')}</div>
  <p class="hd-result-snippet">${escapeHtml(t.snippet)}</p>
</li>`).join('\n');
  const empty = query.trim() ? `No tickets match “${escapeHtml(query)}”.` : 'Type words to search every ticket, closed ones too.';
  const main = `<section class="hd-search" data-query="${escapeHtml(query)}">
  <header class="hd-list-header"><h1>Search</h1><span class="hd-list-count">${results.length} results</span></header>
  <ol class="hd-search-results">
${items || `<li class="hd-empty">${empty}</li>`}
  </ol>
</section>`;
  return layout({ title: `Search: ${query} · Northwind Support`, main, agent: store.agent, workspace: store.workspace, page: 'search', query });
}

/** @param {Store} store @param {NonNullable<ReturnType<Store['view']>>} ticket */
export const ticketPage = (store, ticket) =>
  layout({ title: ticketTitle(ticket), main: ticketMain(ticket), agent: store.agent, workspace: store.workspace, page: 'ticket' });

/** @param {Store} store */
export const notFoundPage = (store) =>
  layout({
    title: 'Not found · Northwind Support',
    main: '<section class="hd-not-found"><h1>Ticket not found</h1><p>It may have been deleted or merged. <a href="/tickets">Back to all tickets</a></p></section>',
    agent: store.agent,
    workspace: store.workspace,
    page: 'not-found',
  });
