/**
 * The bench's figures of what the side panel holds: a long conversation (what the hundredth
 * question costs beside the first: own time, the panel's script time per streamed token, the
 * bytes a storage write carries; the memory and DOM it leaves) and a 3 MB ticket's result.
 */
import { CHROME_EXTENSION_DIR } from '../../test/e2e/harness/paths';
import { STORY_TICKET } from '../demo/story';
import type { GroupMeasure } from './bench-run';
import { measureBigRender } from './big-render';
import { measureLongConversation, type LongTurn } from './long-conversation';
import { percentile, round } from './stats';

export const LONG_QUESTIONS = 100;
export const LONG_RATIO_TARGET = 1.2;
/** The fresh conversations' ticket: another of the demo's, in the same tab. */
const OTHER_TICKET = 2;

const median = (turns: LongTurn[], of: (t: LongTurn) => number) => percentile(turns.map(of), 50);
const listed = (turns: LongTurn[], of: (t: LongTurn) => number) => turns.map((t) => round(of(t), 3)).join(', ');

export const measureLong: GroupMeasure = async ({ session, page, panel, figures, details, lines }) => {
  console.log(`  measuring: a ${LONG_QUESTIONS}-question conversation on the story's ticket, then its next questions in turns with question 1 on another ticket`);
  const long = await measureLongConversation({
    context: session.browser.context,
    extensionId: session.browser.extensionId,
    extensionDir: CHROME_EXTENSION_DIR,
    panel,
    page,
    model: session.servers.model,
    longUrl: session.ticketUrl(STORY_TICKET),
    freshUrl: session.ticketUrl(OTHER_TICKET),
  }, LONG_QUESTIONS);
  const ratio = (of: (t: LongTurn) => number) => round(median(long.long, of) / median(long.fresh, of), 2);
  const span = `question 1 of a fresh conversation vs questions ${long.long.map((t) => t.question).join(',')} of the long one, taken in turns (median of ${long.long.length} each)`;
  const both = (of: (t: LongTurn) => number) => `${listed(long.fresh, of)} | ${listed(long.long, of)}`;
  figures.push(
    { name: `own time, question ${LONG_QUESTIONS}+ / question 1`, value: ratio((t) => t.ownMs), unit: 'x', target: LONG_RATIO_TARGET, basis: 'ratio', extra: `${span}; ms: ${both((t) => t.ownMs)}; the long conversation's own questions 1-${long.firstOfLong.length}: ${listed(long.firstOfLong, (t) => t.ownMs)}` },
    { name: `panel script per token, question ${LONG_QUESTIONS}+ / question 1`, value: ratio((t) => t.panelScriptMsPerToken), unit: 'x', target: LONG_RATIO_TARGET, basis: 'ratio', extra: `${span}; self time of the sidebar's own scripts (CPU profile of the panel, 0.1 ms sampling) during the turn / 60 streamed words, ms: ${both((t) => t.panelScriptMsPerToken)}` },
    { name: `bytes per storage write, question ${LONG_QUESTIONS}+ / question 1`, value: ratio((t) => t.bytesPerWrite), unit: 'x', target: LONG_RATIO_TARGET, basis: 'ratio', extra: `${span}; JSON bytes of the conversation's records each storage.session write carried (onChanged in the panel), B: ${both((t) => t.bytesPerWrite)}; writes per turn ${long.fresh.map((t) => t.writes).join(',')} | ${long.long.map((t) => t.writes).join(',')}` },
  );
  lines.push(
    `  after ${LONG_QUESTIONS}+${long.long.length} questions (report, no target): side panel JS heap ${round(long.panelHeapMb, 1)} MB, worker JS heap ${round(long.workerHeapMb, 1)} MB (after a garbage collection), the panel's DOM ${long.panelDomNodes} elements`,
  );
  details.longConversation = long;
};

export const measureRender: GroupMeasure = async ({ session, page, panel, figures, details, profiled }) => {
  console.log("  measuring: a 3 MB ticket's result in the Page tab");
  const big = await profiled('render', { n: 1, unit: 'read' }, () => measureBigRender(panel, page, session.ticketUrl(OTHER_TICKET), session.ticketUrl(STORY_TICKET)));
  const mb = round(big.chars / 1_000_000, 1);
  figures.push(
    { name: `${mb} MB ticket result, to first paint`, value: round(big.arrivalToPaintMs, 1), unit: 'ms', target: 200, basis: 'one read', extra: `ticket.read's answer reaching the panel -> the next frame showing the result (${big.messages} messages, ${big.chars} characters); from the click on Read (the read included): ${round(big.clickToPaintMs, 1)} ms; Show more -> its frame ${round(big.moreToPaintMs, 1)} ms` },
    { name: `${mb} MB ticket result, longest task`, value: round(big.longestTaskMs, 1), unit: 'ms', target: 50, basis: 'max', extra: `the panel's longest task from the answer's arrival to a second after the paint (PerformanceObserver longtask: 0 = none over 50 ms); during Show more: ${round(big.moreLongestTaskMs, 1)} ms` },
  );
  details.bigTicketRender = big;
};
