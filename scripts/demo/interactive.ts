import { openRealSidePanel } from '../../test/e2e/harness/chromium';
import type { DemoSession } from './session';
import { STORY_TICKET, PROMPT } from './story';

/**
 * A visible window for a person: the ticket open, the side panel opened for it when Chrome
 * lets us (the toolbar button, clicked over CDP), and the servers up until the window closes
 * or Ctrl+C.
 */
export async function runInteractive(session: DemoSession): Promise<void> {
  const { context, extensionId } = session.browser;
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(session.ticketUrl(STORY_TICKET), { timeout: 20_000 });
  await page.bringToFront();
  const panel = await openRealSidePanel(context, extensionId, page, { via: 'action', timeoutMs: 10_000 }).catch(() => null);
  await panel?.detach().catch(() => undefined);

  console.log('');
  console.log('Deskmate demo is running.');
  console.log(`  Helpdesk tickets:  ${session.servers.helpdesk.url}/tickets`);
  console.log(`  Opened ticket:     ${session.ticketUrl(STORY_TICKET)}`);
  console.log(`  Demo model:        ${session.servers.model.url} (model deskmate-demo)`);
  console.log(`  Sent replies log:  ${session.servers.helpdesk.url}/api/sent`);
  console.log(`  Options page:      chrome-extension://${extensionId}/options.html`);
  console.log('');
  console.log(panel ? 'The side panel is open.' : 'Open the side panel: click the Deskmate toolbar button (puzzle icon > Deskmate), or press Alt+Shift+D.');
  console.log(`Try: "${PROMPT}" — edit the draft, click Send…, then Confirm.`);
  console.log('Close the browser window or press Ctrl+C to stop.');

  await new Promise<void>((done) => {
    context.once('close', () => done());
    process.once('SIGINT', () => done());
    process.once('SIGTERM', () => done());
  });
}
