import { expect } from 'vitest';
import { ask, waitForChat } from './chat';
import { theCard, waitIn, type CardView, type Driver } from './deskmate';
import { FIXTURE_DRAFT, type FixtureHelpdesk } from './fixture-helpdesk';
import { currentStep, foundOf, pickIn, type PointerPage } from './teach';
import { poll } from './wait';

/**
 * Teach-mode flows that Chromium's side panel and Firefox's sidebar share: what the agent
 * picks and what the sidebar must say at each step, whatever drives the browser.
 */
export interface TeachingPage extends PointerPage {
  keyboard: { down(key: string): Promise<unknown>; up(key: string): Promise<unknown> };
  url(): string;
}

/**
 * From scratch on the fixture in Request Tracker's shape (fixture-history.ts): framing refused,
 * events between the messages, roles shown by a badge only, Reply in a hover menu, CKEditor 4.
 * Picks message, body, author, a customer's message for the roles, Reply, the editor and Post,
 * checking what each step found; `navigating` runs the click that opens the reply page and waits
 * for that page. Returns how many picker clicks it took; the sidebar is left at Save.
 */
export async function teachHistoryShape(page: TeachingPage, sidebar: Driver, navigating: (click: () => Promise<void>) => Promise<void>): Promise<number> {
  let clicks = 0;
  const click = (selector: string) => (clicks++, pickIn(page, selector));

  await click('#txn-90 .messagebody');
  expect(await foundOf(sidebar, 'message')).toBe('4 messages, 4 from the customer'); // 3 status/owner events left out
  await click('#txn-92 .messagebody');
  expect(await foundOf(sidebar, 'body')).toMatch(/^Found in 4 of 4 messages: My last invoice/);
  await click('#txn-94 .who');
  expect(await foundOf(sidebar, 'author')).toBe('Found in 4 of 4 messages: Ines Duarte · Sam Lee · Priya Shah');
  expect(await currentStep(sidebar)).toBe('role');
  await click('#txn-92 .messagebody');
  expect(await foundOf(sidebar, 'role')).toBe('1 from the customer, 3 from the team');
  expect(await foundOf(sidebar, 'message')).toBe('4 messages, 1 from the customer');
  // Test: the roles as ticket.read now reads them.
  await sidebar.click('[data-testid="teach-test"]');
  await waitIn(sidebar, () => document.querySelector('[data-testid="teach-test-result"] .message') !== null || null, null, 'the test result');
  expect(await sidebar.evaluate(() => [...document.querySelectorAll('[data-testid="teach-test-result"] .message')].map((m) => m.className), null)).toEqual([
    'message role-customer',
    'message role-agent',
    'message role-agent',
    'message role-agent',
  ]);
  expect(await currentStep(sidebar)).toBe('editor');

  // Reply is in a menu that opens on hover: Alt lets the pointer reach the page, a click is still a pick.
  const label = await page.evaluate(() => {
    window.scrollTo(0, 0);
    const r = document.querySelector('.menu-label')!.getBoundingClientRect();
    return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
  }, null);
  await page.keyboard.down('Alt');
  await page.mouse.move(label.x, label.y);
  await poll(async () => ((await page.evaluate(() => document.querySelector('a.menu-link')!.getBoundingClientRect().width, null)) > 0 ? true : undefined), 'the menu to open on hover');
  await navigating(() => click('a.menu-link'));
  await page.keyboard.up('Alt');
  expect(new URL(page.url()).pathname).toBe('/history/tickets/7/reply');
  // CKEditor 4 lays its box out as its skin and plugins load: picked once it says it is ready.
  const editorStatus = () => page.evaluate(() => (window as unknown as { CKEDITOR?: { instances: Record<string, { status: string }> } }).CKEDITOR?.instances.body?.status, null);
  await poll(async () => ((await editorStatus()) === 'ready' ? true : undefined), 'CKEditor 4 to be ready');
  await click('iframe.cke_wysiwyg_frame');
  expect(await foundOf(sidebar, 'editor')).toBe('A rich text editor in a frame. On the reply page /history/tickets/{key}/reply?Action=Respond.');
  await click('#post');
  expect(await foundOf(sidebar, 'send')).toBe('The control “Post reply”.');
  return clicks;
}

/**
 * On a ticket page served by the taught recipe: asks for a draft (the test's model proposes
 * FIXTURE_DRAFT), clicks Send… once the recipe offers it, and returns the pending card after
 * checking that it names the ticket, its requester and subject and holds the draft exactly.
 */
export async function draftToCard(sidebar: Driver, helpdesk: FixtureHelpdesk): Promise<CardView> {
  // The flows load the ticket page just before: until the new page has announced its ticket, the
  // sidebar shows the tab without one, and a question sent then does not go (the box keeps it).
  // The agent sees the ticket first; so does the flow.
  await waitIn(sidebar, () => document.querySelector('[data-testid="ticket-context"]') !== null || null, null, 'the sidebar to show the ticket');
  await ask(sidebar, 'Draft a reply to Ines.');
  await waitForChat(sidebar, (v) => !v.running && v.drafts.length === 1, 'the draft card');
  await waitIn(sidebar, () => document.querySelector<HTMLButtonElement>('[data-testid="draft-send"]')?.disabled === false || null, null, 'Send… offered by the taught recipe');
  await sidebar.click('[data-testid="draft-send"]');
  const card = await theCard(sidebar, ['pending']);
  expect(card.body).toBe(FIXTURE_DRAFT);
  expect(card.fields).toEqual([helpdesk.origin, '#7', 'Ines Duarte <ines@example.org>', 'Re: Invoice address is wrong']);
  return card;
}
