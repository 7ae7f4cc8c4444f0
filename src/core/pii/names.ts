/**
 * The ways a person listed in the ticket's data is written in its text. A helpdesk lists
 * "Schmidt, Maria" or "Dr. Jürgen Weiß"; the customer signs "Maria Schmidt", is greeted "Hallo
 * Jürgen" or "Herr Weiss", writes "Juergen" on a keyboard without umlauts. Each form maps to one
 * placeholder; `display` is what the placeholder of the whole name is unmasked to.
 */
export interface NameForms {
  /** How the whole name is unmasked: given names first, titles kept ("Dr. Jürgen Weiß"). */
  display: string;
  /** The whole name: as listed, in both orders, with and without titles. */
  full: string[];
  /** The first given name. */
  first: string | null;
  /** The family name with its particles ("van der Berg"), then without them ("Berg"). */
  last: string[];
  /** The names between. */
  middle: string[];
}

// Titles and forms of address, before the name (Dr., Herr, Mme, Sra.) or after it (Jr., PhD).
const TITLES = new Set(
  'mr mrs ms miss mx dr prof sir dame herr frau hr fr dipl ing mag m mme mlle me sr sra srta don doña dña dott dott.ssa sig sig.ra signor signora dhr mevr mw hon rev'.split(' '),
);
const SUFFIXES = new Set('jr sr ii iii iv phd md mba esq'.split(' '));
// Lower-case words that belong to a family name but mean something alone (de, van, von).
const PARTICLES = new Set('de del della der den di da das do dos du la le van von vom zu ten ter y bin al'.split(' '));

const bare = (token: string): string => token.toLowerCase().replace(/[.,]+$/, '');
const isTitle = (token: string): boolean => TITLES.has(bare(token)) || /^(?:dr|prof|dipl)\.[\p{L}.-]*$/iu.test(token);
const isSuffix = (token: string): boolean => SUFFIXES.has(bare(token));
/** A word that is a name alone: two letters at least, letters, apostrophes, hyphens. */
const isName = (token: string): boolean => /^\p{L}[\p{L}\p{M}'’-]*\p{L}$/u.test(token) && !PARTICLES.has(token.toLowerCase());

/**
 * Other ways a name is typed: "ss" for "ß" (Swiss, capitals: WEISS), German transliteration
 * (Juergen), without accents (Jurgen, Nunez).
 */
export function spellings(name: string): string[] {
  const sharpS = name.replace(/ß/g, 'ss');
  const german = sharpS.replace(/[äöüÄÖÜ]/g, (c) => ({ ä: 'ae', ö: 'oe', ü: 'ue', Ä: 'Ae', Ö: 'Oe', Ü: 'Ue' })[c]!);
  const plain = sharpS.normalize('NFD').replace(/\p{M}/gu, '');
  return [...new Set([name, sharpS, german, plain])];
}

// What a helpdesk adds to a name that is no part of it: "(VIP)", "[Acme]", "<maria@example.com>".
const TAGS = /\([^)]*\)|\[[^\]]*\]|\{[^}]*\}|<[^>]*>/g;

export function nameForms(listed: string): NameForms | null {
  const cleaned = listed.normalize('NFKC').replace(/\s+/g, ' ').trim();
  const untagged = cleaned.replace(TAGS, ' ').replace(/\s+/g, ' ').trim();
  // "Schmidt, Maria": the family name before the comma, unless what follows is a suffix ("King, Jr.").
  const comma = /^([^,]+),\s*([^,]+)$/.exec(untagged);
  const reversed = comma && !comma[2]!.split(' ').every(isSuffix);
  const ordered = reversed ? `${comma[2]} ${comma[1]}` : untagged.replace(/,/g, ' ').replace(/\s+/g, ' ');
  const tokens = ordered.split(' ');
  const titles = tokens.filter(isTitle);
  const names = tokens.filter((t) => t && !isTitle(t) && !isSuffix(t));
  if (!names.some((t) => /\p{L}.*\p{L}/u.test(t))) return null;

  const display = [...titles, ...names].join(' ');
  // One name among words that are no names ("Cher (VIP)"): it is the first name, the listing the whole.
  if (names.length === 1 && untagged !== cleaned && isName(names[0]!)) {
    return { display, full: [cleaned], first: names[0]!, last: [], middle: [] };
  }
  // The family name starts at the particles before the last name: "van der Berg".
  let familyStart = names.length - 1;
  while (familyStart > 0 && PARTICLES.has(names[familyStart - 1]!.toLowerCase())) familyStart--;
  const hasLast = names.length > 1 && familyStart > 0 && isName(names.at(-1)!);
  const givenFirst = names.findIndex(isName);
  const hasFirst = hasLast && givenFirst >= 0 && givenFirst < familyStart;
  const family = names.slice(familyStart).join(' ');
  const given = names.slice(0, familyStart).join(' ');
  const full = [cleaned, untagged, display, names.join(' '), ...(hasLast ? [`${family}, ${given}`] : [])];
  return {
    display,
    full: [...new Set(full)],
    first: hasFirst ? names[givenFirst]! : null,
    last: hasLast ? [...new Set([family, names.at(-1)!])] : [],
    middle: hasFirst ? names.slice(givenFirst + 1, familyStart).filter(isName) : [],
  };
}
