import type { DraftItem } from '../../shared/chat-items';
import { draftBelongsOn, type TicketRef } from '../../shared/ticket';
import type { ConfirmCardModel } from '../confirm-state';
import { withdrawCard } from '../confirm-actions';
import { boxHoldsDraft, shownPayload } from '../confirm-shown';
import { runDraftTool } from '../draft-actions';
import { hostOf } from '../format';
import type { Sidebar } from '../hooks/useSidebar';
import { t } from '../i18n';
import { ConfirmCards } from '../sidebar/ConfirmCards';
import { DraftCard } from './DraftCard';

interface Props {
  draft: DraftItem;
  /** The sidebar as this block renders it (what the card shows). */
  s: Sidebar;
  /** The newest sidebar: the buttons act on it, so the block need not render again to stay current. */
  now: { readonly current: Sidebar };
  /** A model answers: the rewrites are on. */
  answers: boolean;
  /** The draft (its call id) whose Send… opened a confirm card. */
  ownerOf(cardId: string): string | undefined;
}

/** The ticket a draft was written for: its own stamp, else its conversation's. */
const homeOf = (s: Sidebar, draft: DraftItem): TicketRef | null => (draft.site !== undefined ? { site: draft.site, ticket: draft.ticket ?? null } : s.chat.home);

/**
 * A draft card with the confirm cards its Send… opened, under it. It comes in one chunk with
 * the card (ChatPanel), so a draft's confirm cards never show before the draft above them.
 */
export function DraftBlock({ draft, s, now, answers, ownerOf }: Props) {
  const { confirms } = s;
  const mine = confirms.cards.filter((c) => ownerOf(c.id) === draft.callId);
  const page = s.view?.page;
  const here: TicketRef | null = page ? { site: page.origin, ticket: page.ticket?.key ?? null } : null;
  const home = homeOf(s, draft);
  const elsewhere = here && home && !draftBelongsOn(home, here) ? t('draft_elsewhere', [home.ticket ?? '—', hostOf(home.site)]) : null;
  const sent = sentOf(s, draft, mine);
  const callId = draft.callId;
  return (
    <>
      <DraftCard
        draft={draft}
        blocked={s.drafts.blocked}
        elsewhere={elsewhere}
        sent={sent}
        onShowSent={() => sent && showSent(now.current, sent.cardId)}
        onRun={(tool, body, anyway) => runDraftTool(now.current, callId, tool, body, home, anyway)}
        field={s.chat.draftField(callId)}
        onAcknowledge={() => now.current.chat.acknowledge(callId)}
        rewrite={{ off: !answers, running: s.chat.running, run: (action, text) => now.current.chat.action(action, text) }}
        onRestore={(index) => now.current.chat.restore(callId, index)}
      />
      <ConfirmCards cards={mine} s={s} sendAgain callId={callId} onInstead={(card) => void instead(now.current, card, draft)} />
    </>
  );
}

/**
 * The draft's newest send that went out: from its cards here, or the records the view lists.
 * Newest by the order the sends were prepared in (the draft's list, then cards this sidebar
 * opened that the list does not hold yet, newest first), never by the clock: two sends can share a
 * millisecond, and the clock can go back.
 */
function sentOf(s: Sidebar, draft: DraftItem, mine: ConfirmCardModel[]): { at: number; cardId: string } | null {
  const fromCards = mine.flatMap((c) => (c.state === 'sent' && c.sentAt !== undefined ? [{ at: c.sentAt, cardId: c.id }] : []));
  const fromRecords = (s.view?.sent ?? []).flatMap((r) => (draft.sends?.includes(r.id) && r.usedAt !== undefined ? [{ at: r.usedAt, cardId: r.id }] : []));
  const sends = draft.sends ?? [];
  const cards = s.confirms.cards.map((c) => c.id); // newest first
  const place = (id: string) => (sends.includes(id) ? sends.indexOf(id) : sends.length + cards.length - cards.indexOf(id));
  return [...fromCards, ...fromRecords].reduce<{ at: number; cardId: string } | null>((newest, sent) => (!newest || place(sent.cardId) > place(newest.cardId) ? sent : newest), null);
}

function showSent(s: Sidebar, cardId: string) {
  const record = s.view?.sent.find((r) => r.id === cardId);
  if (record) s.confirms.show(record);
  else requestAnimationFrame(() => document.getElementById(`confirm-${cardId}`)?.scrollIntoView({ block: 'nearest' }));
}

/**
 * The helpdesk's box holds the agent's own text: instead of replacing it, the draft goes in
 * beside it (unless it is there already) and the card is withdrawn; the agent sends with the
 * helpdesk's own button. Nothing the agent typed is lost either way.
 */
async function instead(s: Sidebar, card: ConfirmCardModel, draft: DraftItem) {
  const shown = shownPayload(card.payload);
  if (!shown?.replaces) return;
  if (!boxHoldsDraft(shown.replaces, shown.body)) {
    // On a paragraph of its own after what the agent typed, not glued to its last word.
    const inserted = await runDraftTool(s, draft.callId, 'reply.fill', `\n\n${shown.body}`, homeOf(s, draft));
    if (!inserted.ok) return s.confirms.note(card.id, inserted.error);
  }
  await withdrawCard(s.confirms, card.id, t('confirm_box_withdrawn'));
}
