import { writeFileSync } from 'node:fs';
import { openExtensionPage } from './harness/chromium';
import { chromiumTest, describe, expect } from './harness/fixtures';
import { recipeFileFor } from './harness/recipes';
import { poll } from './harness/wait';

const test = chromiumTest();

/**
 * Issue 27, finding 2, in the built extension: importing a recipe shows what each control is
 * in words and outlines the controls on an open page of its site before Apply; a note box that
 * is the reply form on that page is called out and cannot be applied; an applied recipe is
 * "untested" on the options page and in the sidebar until Test has read the ticket with it.
 */
describe('recipe review: controls in words, outlined on the page, untested until Test', () => {
  test('the demo helpdesk recipe: preview, Show on the open page, Apply, untested, Test in the sidebar', async ({ chromium, helpdesk, ticket, panel }) => {
    const { path } = recipeFileFor('demo-helpdesk', helpdesk.url);
    const options = await openExtensionPage(chromium.context, chromium.extensionId, 'options.html');
    await options.setInputFiles('[data-testid="recipe-import"]', path);
    await options.waitForSelector('[data-testid="recipe-preview"]');
    const controls = await options.$$eval('[data-testid="recipe-control"]', (els) => els.map((el) => [el.getAttribute('data-control'), el.querySelector('dt')?.textContent]));
    expect(controls).toEqual([
      ['reply.editor', 'Reply box: the customer receives what is posted here'],
      ['reply.submit', 'Posts the reply'],
      ['note.editor', 'Internal note box: only your team sees it'],
      ['note.submit', 'Posts the note'],
      ['roles', 'How the thread shows an internal note'],
    ]);
    // On the ticket open in the tab: each control outlined, with its role in words.
    await options.click('[data-testid="recipe-show"]');
    expect(await (await options.waitForSelector('[data-testid="recipe-shown"]')).textContent()).toBe('Outlined on 1 open page(s) of the site for 15 seconds.');
    expect(await ticket.$('deskmate-recipe-outline')).not.toBeNull();
    await options.click('[data-testid="recipe-apply"]');
    const row = `[data-testid="recipe"][data-site="${helpdesk.url}"]`;
    await options.waitForSelector(`${row} [data-testid="recipe-untested"]`);
    // The sidebar on the ticket: untested, and Test shows what the recipe reads, roles included.
    const v = await panel.evaluate(() => document.body.innerText.slice(0, 600));
    // The sidebar follows the tab in front: the ticket's again.
    await ticket.bringToFront();
    await panel.waitFor('[data-testid="recipe-untested-line"]');
    await panel.click('[data-testid="recipe-test"]');
    await panel.waitFor('[data-testid="recipe-test-result"] .messages');
    const roles = await panel.evaluate(() => [...document.querySelectorAll('[data-testid="recipe-test-result"] .message')].map((m) => m.className));
    expect(roles.length).toBeGreaterThan(0);
    expect(roles.every((c) => /role-(customer|agent|internal|system)/.test(c))).toBe(true);
    await poll(async () => ((await options.$(`${row} [data-testid="recipe-untested"]`)) === null ? true : undefined), 'the options page to drop "untested"');
    await options.close();
  });

  test('a note box that is the reply form on the open page: called out, Apply stays off', async ({ chromium, helpdesk, ticket }) => {
    const { path, recipe } = recipeFileFor('demo-helpdesk', helpdesk.url);
    // Other words for the reply form's own editor and button: the format cannot see it, the page can.
    writeFileSync(path, JSON.stringify({ ...recipe, note: { editor: '.hd-reply [contenteditable="true"]', editorKind: 'contenteditable', submit: '.hd-reply .hd-send', afterPost: 'thread' } }));
    const options = await openExtensionPage(chromium.context, chromium.extensionId, 'options.html');
    await options.setInputFiles('[data-testid="recipe-import"]', path);
    await options.waitForSelector('[data-testid="recipe-preview"]');
    expect(await ticket.title()).toBeTruthy();
    await options.click('[data-testid="recipe-show"]');
    expect(await (await options.waitForSelector('[data-testid="recipe-shown"]')).textContent()).toMatch(/^On the open page the note box is the reply form: a note would reach the customer/);
    expect(await options.$eval('[data-testid="recipe-apply"]', (b) => (b as HTMLButtonElement).disabled)).toBe(true);
    await options.close();
  });
});
