// @vitest-environment happy-dom
import '../fakes/scripts'; // runs the lazy scripts and content parts this file's code reaches
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { App } from '../../src/ui/sidebar/App';
import { createFakeTabs } from '../fakes/fake-tabs';
import { startSidebarBackground, until } from '../fakes/sidebar-background';
import { sidebarRoot, dropRoot } from './root';

let root: HTMLElement;
const $ = (testId: string) => root.querySelector<HTMLElement>(`[data-testid="${testId}"]`);
const tool = (name: string) => root.querySelector<HTMLElement>(`[data-testid="page-tool"][data-tool="${name}"]`);
const showTab = (name: string) => [...root.querySelectorAll<HTMLElement>('[role="tab"]')].find((b) => b.textContent === name)!.click();

beforeEach(() => {
  root = sidebarRoot();
});
afterEach(() => dropRoot(root));

describe('the Page tab with the background', () => {
  it("runs a page's read tool on a click and shows its result; an answer that comes after the tab moved to another ticket is not shown there", async () => {
    // The page's answers to ticket.read wait until the test lets each go.
    const tabs = createFakeTabs();
    const answers: (() => void)[] = [];
    const send: typeof tabs.send = async (tabId, call) => {
      if (call.type === 'page.run' && call.tool === 'ticket.read') await new Promise<void>((r) => answers.push(r));
      return tabs.send(tabId, call);
    };
    const bg = await startSidebarBackground({ ...tabs, send });
    await bg.announce(1, '#7');
    await act(() => render(<App />, root));
    await until(() => root.textContent?.includes('#7'), 'the ticket');
    await act(() => showTab('Page'));
    const read = await until(() => tool('ticket.read')?.querySelector('button'), 'the ticket.read action');

    read.click();
    await until(() => answers.length === 1 && read.disabled, 'the read under way');
    answers.shift()!();
    await until(() => tool('ticket.read')?.querySelector('[data-testid="tool-result"]'), 'the result');
    expect(read.disabled).toBe(false);

    tool('ticket.read')!.querySelector('button')!.click();
    await until(() => answers.length === 1, 'the second read under way');
    await bg.announce(1, '#8');
    await until(() => root.textContent?.includes('#8') && tool('ticket.read') && !$('tool-result'), "ticket 8, without ticket 7's result");
    answers.shift()!();
    await act(() => new Promise((r) => setTimeout(r, 100)));
    expect($('tool-result')).toBeNull();
    expect((tool('ticket.read')!.querySelector('button') as HTMLButtonElement).disabled).toBe(false);
  });
});
