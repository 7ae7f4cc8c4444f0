import { useEffect, useRef, useState } from 'preact/hooks';
// From its module, not the core's index: the sidebar needs the digest, not the registry.
import { payloadDigest } from '../../core/confirmations';
import type { ConfirmCardModel } from '../confirm-state';
import { shownPayload } from '../confirm-shown';
import { revealedText } from '../../shared/hidden-chars';
import { formatClock, formatWhen } from '../format';
import type { EarlierSend } from '../../shared/protocol';
import { useSeenToEnd } from '../hooks/useSeenToEnd';
import { useFocusReturn } from '../hooks/useFocusReturn';
import { t } from '../i18n';
import { Revealed } from '../shared/Revealed';
import { CardWarnings } from './CardWarnings';
import { ConfirmBox } from './ConfirmBox';
import { ConfirmEffects } from './ConfirmEffects';
import { ConfirmReview } from './ConfirmReview';

const FIELDS = [
  ['site', 'confirm_site'],
  ['ticket', 'confirm_ticket'],
  ['recipient', 'confirm_recipient'],
  ['subject', 'confirm_subject'],
] as const;

interface Props {
  card: ConfirmCardModel;
  /** The tab has left the card's ticket: Confirm waits until it is back there. */
  away?: { home: string; shows: string | null } | null;
  /** The ticket already had a send of this kind from Deskmate: the card says when, before Confirm. */
  earlier?: EarlierSend | null;
  /** Settles once the card shows the answer; a card still pending then takes a Confirm again. */
  onAccept(digest: string): Promise<void> | void;
  onCancel(): void;
  onCheck(): void;
  onClose(): void;
  /** "Send again": prepares this same payload anew, for a card that says when it was sent. */
  onSendAgain?(): void;
  /**
   * The helpdesk's box holds the agent's own text: put the draft there instead (or leave it as it
   * is, when it holds the draft already), and send with the helpdesk's own button.
   */
  onInstead?(): void;
}

/**
 * The last look before a send, built only from the payload the background prepared and
 * shown as plain text. Confirm sends the digest of exactly the object shown here, so what
 * was seen is what is sent, or nothing is.
 */
export function ConfirmCard({ card, away = null, earlier = null, onAccept, onCancel, onCheck, onClose, onSendAgain, onInstead }: Props) {
  const shown = shownPayload(card.payload);
  const [clicked, setClicked] = useState(false);
  // What the agent typed in the helpdesk's box is replaced only on their word.
  const [replace, setReplace] = useState(false);
  const boxHeld = shown?.replaces !== undefined && !replace;
  // A ref, not only state: a second click can come before the re-render that disables the button.
  const once = useRef(false);
  // The card may open above the fold, away from the Send button that opened it.
  const heading = useRef<HTMLHeadingElement>(null);
  const section = useRef<HTMLElement>(null);
  // Opened from a Send… (or a page action), it hands the focus back there once it is done.
  useFocusReturn(section, card.state, 'pending', openerNear);
  // Opened below a long draft, its end may be out of view: it is brought into view whole when it
  // fits (its start first when it does not), and the focus goes to its heading without a jump.
  useEffect(() => {
    heading.current?.focus({ preventScroll: true });
    section.current?.scrollIntoView?.({ block: 'nearest' });
  }, []);
  // Confirm stands for the whole body: it waits until the text has been in view from its start to
  // its end, scrolled with the conversation (the body has no scroll box of its own).
  const body = useSeenToEnd<HTMLSpanElement>(shown?.body);
  // Nor before the list of what the body links to is there to read.
  const reviewing = card.review?.status === 'loading';
  const open = card.state === 'pending' || card.state === 'refused' || card.state === 'failed';
  // A note goes to colleagues, not the customer: the card says so in the UI's own words.
  const note = card.tool === 'note.add';
  const accept = async () => {
    if (!shown || !body.seen || reviewing || away || boxHeld || once.current) return;
    once.current = true;
    setClicked(true);
    try {
      await onAccept(await payloadDigest(shown));
    } finally {
      // The answer is in: a card the background left pending (a refusal for a tab that had left
      // the ticket) takes a Confirm again; one claimed shows no Confirm at all.
      once.current = false;
      setClicked(false);
    }
  };
  return (
    <section ref={section} class={`confirm confirm-${card.state}`} data-testid="confirm-card" aria-labelledby={`confirm-${card.id}`}>
      <h2 id={`confirm-${card.id}`} ref={heading} tabIndex={-1}>{titleOf(card.state, note)}</h2>
      {/* What became of it comes first: a card that sent reads as sent before anything else. */}
      {card.state !== 'pending' && <ConfirmStatus card={card} sending={false} />}
      {card.sentAt !== undefined && (card.state === 'sent' || card.state === 'unknown') && (
        <p class={card.again ? 'confirm-again' : 'muted small'} data-testid="confirm-sent-at">
          {t(card.again ? (note ? 'confirm_note_already_sent' : 'confirm_already_sent') : 'confirm_sent_at', formatClock(card.sentAt))}
        </p>
      )}
      {note && <p class="confirm-audience" data-testid="confirm-audience">{t('confirm_note_audience')}</p>}
      {/* At the top: Confirm is held, and the agent should see why before reading on. */}
      {away && card.state === 'pending' && (
        <p class="confirm-away" data-testid="confirm-away" role="alert">
          {/* The page's label of another ticket: its hidden characters show. */}
          {revealedText(away.shows === null ? t('confirm_away_page', away.home) : t('confirm_away_ticket', [away.shows, away.home]))}
        </p>
      )}
      {earlier && card.state === 'pending' && <EarlierSendWarning earlier={earlier} note={note} />}
      {shown ? (
        <>
          <dl class="kv">
            {FIELDS.filter(([key]) => !note || shown[key] !== '').map(([key, label]) => [
              <dt key={`${key}-t`}>{t(label)}</dt>,
              <dd key={key} data-field={key}>
                <Revealed text={shown[key]} />
              </dd>,
            ])}
          </dl>
          {shown.from !== undefined && (
            <p class="small" data-testid="confirm-from">
              {t('confirm_from')} <Revealed text={shown.from} />
            </p>
          )}
          {shown.effects && <ConfirmEffects effects={shown.effects} />}
          {shown.replaces !== undefined && card.state === 'pending' && (
            <ConfirmBox
              replaces={shown.replaces}
              body={shown.body}
              note={note}
              chosen={replace}
              busy={!!card.busy || clicked}
              onReplace={() => setReplace(true)}
              {...(onInstead && !note ? { onInstead } : {})}
            />
          )}
          <CardWarnings payload={shown} />
          <p class="muted small" data-testid="confirm-body-length">{t('confirm_body_length', bodyLength(shown.body))}</p>
          <div
            class="confirm-body text"
            data-testid="confirm-body"
            // Focusable, so the keyboard reaches it and scrolls the conversation on (arrows, Page Down, End).
            tabIndex={0}
            role="region"
            aria-label={t('confirm_body_label')}
          >
            <span class="seen-mark" ref={body.top} aria-hidden="true" />
            <Revealed text={shown.body} />
            <span class="seen-mark" ref={body.end} aria-hidden="true" />
          </div>
          {card.review && <ConfirmReview review={card.review} />}
          {!body.seen && card.state === 'pending' && (
            <p class="confirm-scroll-hint" data-testid="confirm-scroll-hint">{t('confirm_scroll_hint')}</p>
          )}
        </>
      ) : (
        <p class="error">{t('confirm_unreadable')}</p>
      )}
      {card.state === 'pending' && <p class="muted">{t('confirm_expires', formatClock(card.expiresAt))}</p>}
      {card.state === 'pending' && <ConfirmStatus card={card} sending={clicked} />}
      <div class="actions">
        {card.state === 'pending' && (
          <button type="button" class="btn btn-send" data-testid="confirm-accept" disabled={!shown || !body.seen || reviewing || !!away || boxHeld || clicked || card.busy} onClick={accept}>
            {t(earlier ? (note ? 'confirm_note_accept_another' : 'confirm_accept_another') : note ? 'confirm_note_accept' : 'confirm_accept')}
          </button>
        )}
        {card.state === 'unknown' && (
          <button type="button" class="btn" data-testid="confirm-check" disabled={card.busy} onClick={onCheck}>
            {t(card.busy ? 'confirm_checking' : 'confirm_check')}
          </button>
        )}
        {/* Never the main button of a card that sent: a second copy is a choice, made on a card of its own. */}
        {onSendAgain && (card.state === 'sent' || card.state === 'unknown') && (
          <button type="button" class="btn btn-quiet" data-testid="confirm-send-again" disabled={card.busy} onClick={onSendAgain}>
            {t('confirm_send_again')}
          </button>
        )}
        {open ? (
          <button type="button" class="btn btn-quiet" data-testid="confirm-cancel" disabled={card.busy} onClick={onCancel}>
            {t('confirm_cancel')}
          </button>
        ) : (
          <button type="button" class="btn btn-quiet" onClick={onClose}>
            {t('confirm_close')}
          </button>
        )}
      </div>
    </section>
  );
}

/** The card's heading says what it is now: to confirm, sending, sent, or not sent. */
function titleOf(state: ConfirmCardModel['state'], note: boolean): string {
  if (state === 'pending') return note ? t('confirm_note_title') : t('confirm_title');
  if (state === 'delivering') return t('confirm_title_sending');
  if (state === 'sent') return note ? t('confirm_title_note_sent') : t('confirm_title_sent');
  if (state === 'unknown') return t('confirm_title_unknown');
  return t('confirm_title_not_sent');
}

/** "You replied to this ticket at 08:54 — send another?": from the background's records, not the sidebar's memory. */
function EarlierSendWarning({ earlier, note }: { earlier: EarlierSend; note: boolean }) {
  const when = formatWhen(earlier.at);
  const sent = earlier.phase === 'sent';
  const text = note ? (sent ? t('confirm_noted_before', when) : t('confirm_noted_maybe', when)) : sent ? t('confirm_replied_before', when) : t('confirm_replied_maybe', when);
  return (
    <p class="confirm-replied" data-testid="confirm-replied" data-phase={earlier.phase} role="alert">
      {text}
    </p>
  );
}

/** The Send… of the draft the card sits under, when the focus left it while it was busy. */
const openerNear = (card: HTMLElement): HTMLElement | null =>
  card.parentElement?.querySelector<HTMLElement>('[data-testid="draft-send"], [data-testid="note-add"]') ?? null;

/** Characters (code points, as people count them) and lines. */
function bodyLength(body: string): string[] {
  const lines = body === '' ? 0 : body.split('\n').length;
  return [[...body].length.toLocaleString(), lines.toLocaleString()];
}

/** What became of the send, in words, with the state as `data-state` for tests and styles. */
export function ConfirmStatus({ card, sending }: { card: ConfirmCardModel; sending: boolean }) {
  return (
    <p class={`status status-${card.state}`} data-testid="confirm-status" data-state={card.state} role="status">
      {/* A refusal can quote the page (another ticket's label): its hidden characters show too. */}
      {revealedText(message(card, sending))}
    </p>
  );
}

function message({ tool, state, error = '', notFound, busy }: ConfirmCardModel, sending: boolean): string {
  // Pending with an error: a confirm was refused and nothing was claimed; it can be confirmed again.
  if (state === 'pending') return sending ? t('confirm_sending') : error ? t('confirm_refused', error) : t('confirm_pending');
  if (state === 'delivering') return t('confirm_sending');
  if (state === 'sent' && tool === 'note.add') return t('confirm_note_sent');
  if (state !== 'unknown') return t(`confirm_${state}`, error);
  if (notFound) return t('confirm_not_found');
  // The reason a check could not be made, or why the delivery stopped.
  return error && !busy ? `${t('confirm_unknown')} ${error}` : t('confirm_unknown');
}
