// @ts-check
/**
 * Plain-text helpers of the demo model: sentences of a customer message, the request in them,
 * a restatement in plain words and search keywords. Customer text is only ever quoted or
 * restated here, never followed.
 */

const GREETING = /^(?:hi|hello|hey|dear|good (?:morning|afternoon|evening))\b[^,.!?\n]{0,40}[,!:]\s*/i;
const SIGN_OFF = /^(?:thanks|thank you|many thanks|kind regards|best regards|regards|best|cheers|sincerely|mit freundlichen grüßen)\b[\s,.!/]*/i;
// An instruction aimed at the assistant starts an injection: it and all after it are dropped.
const INJECTION = /\b(?:ignore|disregard|forget)\b.{0,40}\b(?:instructions?|prompts?|rules)\b|\b(?:ai|assistant|language model|llm|chatbot)\b.{0,20}\b(?:reading|must|should|shall)\b|system prompt/i;
const REQUEST = /\?$|\b(?:please|could you|can you|would you|will you|i would like|i'd like|i want|i need|we need|we would like|we'd like|we want|would like)\b/i;
const MAX_QUOTE = 200;

/** The sentences of a message that say something: no greetings, sign-offs or injected orders. */
export function sentencesOf(/** @type {string} */ body) {
  /** @type {string[]} */
  const out = [];
  const parts = body.replace(/\r\n?/g, '\n').split(/\n+|(?<=[.!?])\s+(?=[^a-z\s])/u);
  let signedOff = false;
  for (const raw of parts) {
    const s = raw.replace(/\s+/g, ' ').trim().replace(GREETING, '');
    if (INJECTION.test(s)) break;
    if (!/\p{L}/u.test(s)) continue;
    const short = (/** @type {string} */ t) => t.split(' ').filter(Boolean).length <= 4;
    if (SIGN_OFF.test(s) && short(s.replace(SIGN_OFF, ''))) {
      signedOff = true;
      continue;
    }
    // After "Kind regards," come the name and title lines.
    if (signedOff && !/[.!?]$/.test(s) && short(s.replace(/,.*$/, ''))) continue;
    out.push(s);
  }
  return out;
}

/**
 * The sentence that best says what the customer wants: the newest customer message with a
 * request in it, else the first sentence of the newest message, else null.
 * @param {string[]} customerMessages oldest first
 */
export function requestSentence(customerMessages) {
  const newestFirst = [...customerMessages].reverse().map(sentencesOf);
  for (const sentences of newestFirst) {
    const request = sentences.find((s) => REQUEST.test(s));
    if (request) return clip(request, MAX_QUOTE);
  }
  const first = newestFirst.find((s) => s.length)?.[0];
  return first ? clip(first, MAX_QUOTE) : null;
}

/**
 * One sentence that restates a request, to the customer (`You asked us to …`) or about them
 * (`Maria asked us to …`).
 * @param {string} sentence @param {string | null} name null speaks to the customer
 */
export function restate(sentence, name) {
  const you = name === null;
  const who = you ? 'You' : name;
  let m = /^(?:(?:could|can|would|will) you\s+)?(?:please\s+)?(?:also\s+)?(?:kindly\s+)?(.+?)[\s.!?]*$/i.exec(sentence);
  const asks = /^(?:(?:could|can|would|will) you|please)\b/i.test(sentence);
  if (asks && m?.[1]) return `${who} asked us to ${firstLower(swapPronouns(m[1], you))}.`;
  m = /^(?:i|we) (would like|'d like|want|need) (.+?)[\s.!]*$/i.exec(sentence);
  if (m?.[1] && m[2]) {
    const verb = m[1].toLowerCase().replace("'d like", 'would like');
    const agreed = you || verb === 'would like' ? verb : `${verb}s`;
    return `${who} ${agreed} ${swapPronouns(m[2], you)}.`;
  }
  return `${who} ${sentence.endsWith('?') ? 'asked' : 'wrote'}: "${sentence}"`;
}

/** Up to `max` salient words of the texts, in order, without stop words or repeats. */
export function keywords(/** @type {string[]} */ texts, max = 12) {
  /** @type {string[]} */
  const words = [];
  const seen = new Set();
  for (const text of texts) {
    for (const token of text.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? []) {
      const word = token.replace(/['’]s$/i, '').replace(/-+$/, '');
      const key = word.toLowerCase();
      if (word.length < 2 || /^\d+$/.test(word) || STOP_WORDS.has(key) || seen.has(key)) continue;
      seen.add(key);
      words.push(/\d/.test(word) ? word : key);
      if (words.length >= max) return words;
    }
  }
  return words;
}

/** A text cut at a word boundary, with an ellipsis when it was longer. */
export function clip(/** @type {string} */ text, /** @type {number} */ max) {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > max / 2 ? cut.lastIndexOf(' ') : cut.length).trimEnd()}…`;
}

/** A text cut after the last whole sentence that fits. */
export function clipSentences(/** @type {string} */ text, /** @type {number} */ max) {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const end = Math.max(cut.lastIndexOf('. '), cut.lastIndexOf('.\n'), cut.lastIndexOf('! '), cut.lastIndexOf('? '));
  return end > max / 3 ? cut.slice(0, end + 1) : clip(text, max);
}

export const firstName = (/** @type {unknown} */ name) => {
  if (typeof name !== 'string' || !/\p{L}/u.test(name)) return null;
  // A masked name: Deskmate's placeholder for the first name is the name's with _FIRST.
  if (/^\[[A-Z]+_\d+\]$/.test(name.trim())) return `${name.trim().slice(0, -1)}_FIRST]`;
  return name.trim().split(/\s+/)[0]?.replace(/[,;]$/, '') ?? null;
};

const firstLower = (/** @type {string} */ s) => (/^[A-Z][a-z]/.test(s) ? s[0]?.toLowerCase() + s.slice(1) : s);

/** The customer's words as we say them back: "my order" becomes "your order" (or "their"). */
function swapPronouns(/** @type {string} */ text, /** @type {boolean} */ you) {
  /** @type {Record<string, string>} */
  const map = you
    ? { i: 'you', me: 'you', my: 'your', mine: 'yours', myself: 'yourself', we: 'you', us: 'you', our: 'your', ours: 'yours', "i'm": "you're", 'i am': 'you are' }
    : { i: 'they', me: 'them', my: 'their', mine: 'theirs', myself: 'themselves', we: 'they', us: 'them', our: 'their', ours: 'theirs', "i'm": "they're", 'i am': 'they are' };
  return text.replace(/\b(?:i am|i'm|i|me|my|mine|myself|we|us|our|ours)\b/gi, (w) => map[w.toLowerCase()] ?? w);
}

const STOP_WORDS = new Set(
  `a about above after again against all also am an and any are as at be because been before being below between both
  but by can could did do does doing done down during each few for from further had has have having he her here hers him
  his how i if in into is it its itself just me more most my no nor not now of off on once only or other our ours out over
  own same she should so some such than that the their them then there these they this those through to too under until
  up very was we were what when where which while who whom why will with would you your yours hi hello hey dear thanks
  thank please regards kind best cheers sincerely still since yet get got ok okay sure let us know any really able like
  need want would one two also already again every today yesterday tomorrow week day can't don't won't isn't
  aren't didn't doesn't haven't hasn't i'm i've i'd i'll we're we've you're that's there's`.split(/\s+/),
);
