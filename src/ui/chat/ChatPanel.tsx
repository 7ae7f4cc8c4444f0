import { useMemo, useRef } from 'preact/hooks';
import { openSettings } from '../client';
import type { ChatChrome } from '../hooks/useChatChrome';
import type { Sidebar } from '../hooks/useSidebar';
import { t } from '../i18n';
import { ConfirmCards } from '../sidebar/ConfirmCards';
import { ChatInput } from './ChatInput';
import { ChatTop } from './ChatTop';
import { MessageList } from './MessageList';
import { QuickActions } from './QuickActions';
import { SavedRepliesMenu } from './SavedReplies';
import { useOutbound } from '../hooks/useOutbound';
import { useSavedReplyRun } from '../hooks/useSavedReplyRun';
import { LinkTrust } from './link-trust';
import type { DraftItem } from '../../shared/chat-items';
import { draftBelongsOn, type TicketRef } from '../../shared/ticket';
import { lazyView } from '../lazy-view';
import { boxHoldsDraft, shownPayload, type ConfirmCardModel } from '../confirm-state';
import { chatPlaceholder } from '../page-words';
import { hostOf } from '../format';

// Shown on demand only: fetched when first rendered (the new chat's question once the sidebar is idle, App).
export const NewChatConfirm = lazyView(() => import('./NewChatConfirm').then((m) => m.NewChatConfirm));
const OutboundView = lazyView(() => import('./OutboundView').then((m) => m.OutboundView));
const SavedReplyPreview = lazyView(() => import('./SavedReplyPreview').then((m) => m.SavedReplyPreview));

/**
 * A draft card (with its versions, sources and rewrites) shows only once the model has proposed
 * a draft, so the sidebar opens without it; it is fetched once the sidebar is idle after opening
 * (App), or when a draft is first shown, whichever comes first.
 */
export const DraftCard = lazyView(() => import('./DraftCard').then((m) => m.DraftCard));

/**
 * The Chat tab: the conversation with its drafts and cards, scrolled as one (the setup card and
 * the ticket's context at its head), then one row of quick actions and the message box.
 */
export function ChatPanel({ s, chrome }: { s: Sidebar; chrome: ChatChrome }) {
  const { chat, drafts, confirms } = s;
  const saved = useSavedReplyRun(s.tabId, `${s.view?.page?.origin ?? ''}|${s.view?.page?.ticket?.key ?? ''}`);
  const outbound = useOutbound(s.tabId, chrome.outbound, chat.running);
  const toSettings = () => void openSettings('model-settings');
  const draftItems = chat.items.filter((item): item is DraftItem => item.kind === 'draft');
  // The draft whose Send… opened a card: known to this sidebar, or kept with the draft.
  const ownerOf = (cardId: string) => drafts.owner[cardId] ?? draftItems.find((d) => d.sends?.includes(cardId))?.callId;
  const mine = (callId: string) => confirms.cards.filter((c) => ownerOf(c.id) === callId);
  // This ticket's cards opened before the sidebar was reopened, or by a draft not shown: never
  // hidden. (Another ticket's cards are not among them: they come back on that ticket.)
  const shown = new Set(draftItems.map((item) => item.callId));
  const loose = confirms.cards.filter((c) => !shown.has(ownerOf(c.id) ?? ''));
  const page = s.view?.page;
  const here: TicketRef | null = page ? { site: page.origin, ticket: page.ticket?.key ?? null } : null;
  const homeOf = (draft: DraftItem): TicketRef | null => (draft.site !== undefined ? { site: draft.site, ticket: draft.ticket ?? null } : chat.home);
  const elsewhere = (draft: DraftItem): string | null => {
    const home = homeOf(draft);
    if (!here || !home || draftBelongsOn(home, here)) return null;
    return t('draft_elsewhere', [home.ticket ?? '—', hostOf(home.site)]);
  };
  /**
   * The draft's newest send that went out: from its cards here, or the records the view lists.
   * Newest by the order the sends were prepared in (the draft's list, then cards this sidebar
   * opened that the list does not hold yet, newest first), never by the clock: two sends can share a
   * millisecond, and the clock can go back.
   */
  const sentOf = (draft: DraftItem): { at: number; cardId: string } | null => {
    const fromCards = mine(draft.callId).flatMap((c) => (c.state === 'sent' && c.sentAt !== undefined ? [{ at: c.sentAt, cardId: c.id }] : []));
    const fromRecords = (s.view?.sent ?? []).flatMap((r) => (draft.sends?.includes(r.id) && r.usedAt !== undefined ? [{ at: r.usedAt, cardId: r.id }] : []));
    const sends = draft.sends ?? [];
    const cards = confirms.cards.map((c) => c.id); // newest first
    const place = (id: string) => (sends.includes(id) ? sends.indexOf(id) : sends.length + cards.length - cards.indexOf(id));
    return [...fromCards, ...fromRecords].reduce<{ at: number; cardId: string } | null>((newest, sent) => (!newest || place(sent.cardId) > place(newest.cardId) ? sent : newest), null);
  };
  const showSent = (cardId: string) => {
    const record = s.view?.sent.find((r) => r.id === cardId);
    if (record) confirms.show(record);
    else requestAnimationFrame(() => document.getElementById(`confirm-${cardId}`)?.scrollIntoView({ block: 'nearest' }));
  };
  /**
   * The helpdesk's box holds the agent's own text: instead of replacing it, the draft goes in
   * beside it (unless it is there already) and the card is withdrawn; the agent sends with the
   * helpdesk's own button. Nothing the agent typed is lost either way.
   */
  const instead = async (card: ConfirmCardModel, draft: DraftItem) => {
    const shown = shownPayload(card.payload);
    if (!shown?.replaces) return;
    if (!boxHoldsDraft(shown.replaces, shown.body)) {
      // On a paragraph of its own after what the agent typed, not glued to its last word.
      const inserted = await drafts.run(draft.callId, 'reply.fill', `\n\n${shown.body}`, homeOf(draft));
      if (!inserted.ok) return confirms.note(card.id, inserted.error);
    }
    await confirms.withdraw(card.id, t('confirm_box_withdrawn'));
  };
  // The cards' buttons act on the newest state, so a card need not render again to stay current.
  const now = useRef({ chat, drafts, showSent, instead });
  now.current = { chat, drafts, showSent, instead };
  // Everything the cards show besides their own item; a streamed token changes none of it.
  const sends = draftItems.map((d) => `${d.callId}:${d.sends?.join(',') ?? ''}`).join('|');
  const cardsVersion = useMemo(() => ({}), [s.tabId, s.view, confirms.cards, drafts.owner, chat.home, sends, chat.running, chrome.answers]);

  return (
    <div class="chat">
      {chrome.asking && <NewChatConfirm onYes={() => chrome.answerNewChat(true)} onNo={() => chrome.answerNewChat(false)} />}
      {chrome.outbound ? (
        <OutboundView turns={outbound.turns} error={outbound.error} onClose={chrome.closeOutbound} />
      ) : (
        <LinkTrust.Provider value={s.trustedLinks}>
          <MessageList
            items={chat.items}
            running={chat.running}
            loaded={chat.key !== null}
            before={
              <>
                <ChatTop s={s} chrome={chrome} />
                {loose.length > 0 && <ConfirmCards cards={loose} confirms={confirms} onSendAgain={(card) => void drafts.resend(card)} />}
              </>
            }
            cardsVersion={cardsVersion}
            renderDraft={(item) => {
              const sent = sentOf(item);
              return (
                <>
                  <DraftCard
                    draft={item}
                    blocked={drafts.blocked}
                    elsewhere={elsewhere(item)}
                    sent={sent}
                    onShowSent={() => sent && now.current.showSent(sent.cardId)}
                    onRun={(tool, body, anyway) => now.current.drafts.run(item.callId, tool, body, homeOf(item), anyway)}
                    field={chat.draftField(item.callId)}
                    onAcknowledge={() => now.current.chat.acknowledge(item.callId)}
                    rewrite={{ off: !chrome.answers, running: chat.running, run: (action, text) => now.current.chat.action(action, text) }}
                    onRestore={(index) => now.current.chat.restore(item.callId, index)}
                  />
                  <ConfirmCards
                    cards={mine(item.callId)}
                    confirms={confirms}
                    onSendAgain={(card) => void now.current.drafts.resend(card, item.callId)}
                    onInstead={(card) => void now.current.instead(card, item)}
                  />
                </>
              );
            }}
            after={saved.preview && <SavedReplyPreview preview={saved.preview} busy={saved.busy} blocked={drafts.blocked('reply.fill')} onInsert={(body) => void saved.insert(body)} onClose={saved.close} />}
            staleErrors={chrome.staleErrors}
            onRetry={chat.retry}
            onUseAsDraft={chat.useAsDraft}
            onSettings={toSettings}
          />
        </LinkTrust.Provider>
      )}
      {chat.error && <p class="notice error" role="alert">{chat.error}</p>}
      <QuickActions off={!chrome.answers} running={chat.running} onAction={(action) => (chrome.closeOutbound(), chat.action(action))} onWake={chat.wake}>
        <SavedRepliesMenu replies={saved.replies} busy={saved.busy} onChoose={(id) => void saved.open(id)} />
      </QuickActions>
      <ChatInput field={chat.questionField} early={chat.questionEarly} running={chat.running} placeholder={chatPlaceholder(s.view ? s.view.page : undefined, s.view?.tools ?? [])} onSend={(text) => (chrome.closeOutbound(), chat.send(text))} onStop={chat.stop} onTyping={chat.wake} />
    </div>
  );
}
