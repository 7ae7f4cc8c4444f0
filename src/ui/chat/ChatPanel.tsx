import { useMemo, useRef } from 'preact/hooks';
import { openSettings } from '../client';
import type { ChatChrome } from '../hooks/useChatChrome';
import type { Sidebar } from '../hooks/useSidebar';
import { ConfirmCards } from '../sidebar/ConfirmCards';
import { ChatInput } from './ChatInput';
import { ChatTop } from './ChatTop';
import { MessageList } from './MessageList';
import { QuickActions } from './QuickActions';
import { useOutbound } from '../hooks/useOutbound';
import { useSavedReplyRun } from '../hooks/useSavedReplyRun';
import { LinkTrust } from './link-trust';
import type { DraftItem } from '../../shared/chat-items';
import { lazyView } from '../lazy-view';
import { chatPlaceholder } from '../page-words';

// Shown on demand only: fetched when first rendered (the new chat's question once the sidebar is idle, App).
export const NewChatConfirm = lazyView(() => import('./NewChatConfirm').then((m) => m.NewChatConfirm));
const OutboundView = lazyView(() => import('./OutboundView').then((m) => m.OutboundView));
const SavedReplyPreview = lazyView(() => import('./SavedReplyPreview').then((m) => m.SavedReplyPreview));
// Only a team with saved replies has the menu: fetched where there are some.
const SavedRepliesMenu = lazyView(() => import('./SavedReplies').then((m) => m.SavedRepliesMenu));

/**
 * A draft card (with its versions, sources and rewrites, and the confirm cards its Send… opened)
 * shows only once the model has proposed a draft, so the sidebar opens without it; it is fetched
 * once the sidebar is idle after opening (App), or when a draft is first shown, whichever comes first.
 */
export const DraftBlock = lazyView(() => import('./DraftBlock').then((m) => m.DraftBlock));

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
  // This ticket's cards opened before the sidebar was reopened, or by a draft not shown: never
  // hidden. (Another ticket's cards are not among them: they come back on that ticket.)
  const shown = new Set(draftItems.map((item) => item.callId));
  const loose = confirms.cards.filter((c) => !shown.has(ownerOf(c.id) ?? ''));
  // The cards' buttons act on the newest sidebar, so a card need not render again to stay current.
  const now = useRef(s);
  now.current = s;
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
                {loose.length > 0 && <ConfirmCards cards={loose} s={s} sendAgain />}
              </>
            }
            cardsVersion={cardsVersion}
            renderDraft={(item) => <DraftBlock draft={item} s={s} now={now} answers={chrome.answers} ownerOf={ownerOf} />}
            after={saved.preview && <SavedReplyPreview preview={saved.preview} busy={saved.busy} blocked={drafts.blocked('reply.fill')} onInsert={(body) => void saved.insert(body)} onClose={saved.close} />}
            staleErrors={chrome.staleErrors}
            onRetry={chat.retry}
            onUseAsDraft={chat.useAsDraft}
            onSettings={toSettings}
          />
        </LinkTrust.Provider>
      )}
      {chat.error && <p class="notice error" role="alert">{chat.error}</p>}
      <QuickActions off={!chrome.answers} running={chat.running || chat.waiting === true} onAction={(action) => (chrome.closeOutbound(), chat.action(action))} onWake={chat.wake}>
        {saved.replies.length > 0 && <SavedRepliesMenu replies={saved.replies} busy={saved.busy} onChoose={(id) => void saved.open(id)} />}
      </QuickActions>
      <ChatInput field={chat.questionField} early={chat.questionEarly} running={chat.running} waiting={chat.waiting === true} held={chat.held} placeholder={chatPlaceholder(s.view ? s.view.page : undefined, s.view?.tools ?? [])} onSend={(text) => (chrome.closeOutbound(), chat.send(text))} onStop={chat.stop} onTyping={chat.wake} />
    </div>
  );
}
