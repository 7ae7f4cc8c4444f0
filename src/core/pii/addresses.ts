/**
 * Postal addresses where a common pattern shows them, on the matching copy (NFKC: no-break
 * spaces are spaces, "nº" is "no"). Streets need a house number; a postcode needs a place name
 * after it and, where it is only digits, a place in the text where addresses start (see
 * `postcodeContext`), so an order or ticket number is never taken for one.
 */

/** "Street" and "street": street words are written capitalised or not, the rest of the word as listed. */
const word = (w: string): string => `[${w[0]!.toUpperCase()}${w[0]!.toLowerCase()}]${w.slice(1).replace(/\./g, '\\.')}`;
const words = (list: string): string => list.split(' ').map(word).join('|');

// A capitalised word of a name (Harbour, O'Connell, Champs-Élysées, 42nd).
const NAME = String.raw`(?:\p{Lu}|\d{1,3}(?:st|nd|rd|th)\b)[\p{L}'’.-]*`;
// A house number: 5, 12a, 221B, 12-14, 3/1, 7 bis.
const HOUSE = String.raw`\d{1,5}(?:\s?[a-zA-Z](?![\p{L}]))?(?:\s?[-/]\s?\d{1,5}[a-zA-Z]?)?(?:\s(?:bis|ter)\b)?`;

const EN_TYPES = words('Street St Road Rd Avenue Ave Lane Ln Drive Dr Boulevard Blvd Way Court Ct Place Pl Square Sq Terrace Close Crescent Parkway Pkwy Highway Hwy Circle Cir Trail Row Mews Gardens Grove Walk Hill Park');
// Written straight onto the name: Hauptstraße, Karl-Marx-Str., Keizersgracht, Drottninggatan.
const SUFFIXES = words('straße strasse weg gasse platz allee ring damm ufer chaussee steig pfad markt graben zeile kai straat laan plein gracht kade singel dijk steeg gatan gata vägen väg gränd torget vej gade veien vegen gate gaten katu tie');
// A word of its own after a capitalised word: Berliner Straße 12, Am Ring 12a.
const DE_TYPES = words('Straße Strasse Str. Weg Gasse Platz Allee Ring Damm Ufer Chaussee');
const AFTER_NAME = new RegExp(String.raw`(?<=\p{Lu}[\p{L}-]*\s)(?:${DE_TYPES})\s{0,2}${HOUSE}(?![\p{N}])`, 'gu');
// Before the name: Calle de Colón 14, C/ Mayor 5, Via dei Mille 5, Rua Augusta 100, ul. Marszałkowska 10.
// "Via" only capitalised: "sent via DHL 12" is no street.
const LEADING_TYPES = [
  words('Calle Avenida Avda. Av. Paseo Plaza Pza. Ronda Camino Carretera Ctra. Travesía Glorieta Carrer Passeig Rambla'),
  words('Rua Travessa Largo Praça Estrada Alameda'),
  `Via|${words('Viale V.le Piazza P.zza Piazzale Corso C.so Vicolo')}`,
  words('ul.'),
].join('|');
// After the number, French style: 12 rue de la Paix, 5, avenue des Champs-Élysées.
const FR_TYPES = words('rue avenue av. boulevard bd place chemin allée impasse quai cours route square passage');
const PARTICLE = String.raw`(?:(?:de|del|de la|de las|de los|la|las|los|el|da|do|dos|das|di|dei|degli|della|delle|des|du|le|les|y|e|i)\s+|[dl]['’]\s?)`;
const NUMBER_PREFIX = String.raw`(?:n[o°]\.?\s?|nr\.?\s?|núm\.?\s?|num\.?\s?)?`;

const STREETS: RegExp[] = [
  // 12 Harbour Street, 221B Baker St., 1600 Pennsylvania Avenue NW, Apt 4B
  new RegExp(String.raw`(?<![\p{L}\p{N}])\d{1,5}[A-Za-z]?(?:-\d{1,5})?,?\s+(?:(?:North|South|East|West|[NSEW]\.?)\s+)?(?:${NAME}\s+){1,3}(?:${EN_TYPES})(?![\p{L}])\.?(?:\s(?:NE|NW|SE|SW|N|S|E|W)(?![\p{L}]))?(?:,?\s(?:Apt|Apartment|Suite|Ste|Unit|Flat)\.?\s?#?[\dA-Za-z-]{1,6}(?![\p{L}\p{N}]))?`, 'gu'),
  // Hauptstraße 5, Karl-Marx-Str. 12a, Keizersgracht 123, Drottninggatan 5: a whole word, then
  // whether it ends in a street word (one look back per word, not one try per letter).
  new RegExp(String.raw`(?<![\p{L}])\p{Lu}[\p{L}-]*(?![\p{L}-])(?:(?<=${SUFFIXES})|(?<=[Ss]tr)\.)\s{0,2}${HOUSE}(?![\p{N}])`, 'gu'),
  // Calle de Colón 14, Avenida da Liberdade, 245, Via Roma 12, Calle Mayor nº 5
  new RegExp(String.raw`(?<![\p{L}])(?:[Cc]/\s?|(?:${LEADING_TYPES})\s+)${PARTICLE}*${NAME}(?:[\s-]+${PARTICLE}*${NAME}){0,4},?\s${NUMBER_PREFIX}${HOUSE}(?![\p{N}])`, 'gu'),
  // 12 rue de la Paix, 5, avenue des Champs-Élysées
  new RegExp(String.raw`(?<![\p{L}\p{N}])${HOUSE},?\s(?:${FR_TYPES})\s+${PARTICLE}*${NAME}(?:[\s-]+${PARTICLE}*${NAME}){0,4}`, 'gu'),
];

// A place name after a postcode: Berlin, Frankfurt am Main, PARIS, Saint-Étienne.
const PLACE_WORD = String.raw`\p{Lu}[\p{L}'’.-]*\p{L}`;
// Amounts and counts are no places: "12000 Euros", "40 Stück".
const NOT_PLACE = String.raw`(?!(?:Euros?|EUR|USD|CHF|GBP|Dollars?|Franken|Pfund|Kronen|Stück|Units?|Items?|Orders?|Tickets?)(?![\p{L}]))`;
const PLACE = String.raw`${NOT_PLACE}${PLACE_WORD}(?:\s(?:(?:am|an|im|der|de|la|le|sur|sous|en|bei|del|di|a)\s)?${PLACE_WORD}){0,2}`;
// Without a street or a country prefix before it, the place must end the line, the sentence or the
// address part: "55812 Please note…" is no address.
const PLACE_END = /^[ \t]*(?:$|[\n,;)]|\.(?:\s|$))/;
const US_STATES = 'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY'.replace(/ /g, '|');

/** Postcodes that need `postcodeContext`: digits alone could be any number. */
// A country's letters before a postcode, as on envelopes: D-10115, CH-8001.
const COUNTRY_PREFIX = String.raw`(?:D|A|F|E|I|B|L|P|S|N|CH|NL|DK|FI|PL|CZ|SK|HR|SI|HU|RO|BG|GR|DE|AT|FR|ES|IT|BE|LU|PT|SE|NO|IE)-`;
const DIGIT_POSTCODE = new RegExp(String.raw`(?<![\p{L}\p{N}#/.-])(?:${COUNTRY_PREFIX})?(?:\d{5}|\d{4}(?:\s?[A-Z]{2}(?![\p{L}]))?|\d{2}-\d{3}|\d{4}-\d{3}|\d{3}\s\d{2})[ \t]+${PLACE}`, 'gu');
/** Postcodes whose shape says what they are. */
// Each with how many capitalised words before it belong to it (the town), how they may be spelt,
// and whether it needs one.
const SHAPED_POSTCODES: { re: RegExp; words: number; word: RegExp; town?: true }[] = [
  // UK: BS1 5TT, London SW1A 1AA
  { re: /\b[A-Z]{1,2}\d[A-Z\d]?\s+\d[A-Z]{2}\b/g, words: 1, word: /^\p{Lu}\p{Ll}+$/u },
  // Canada: K1A 0B1
  { re: /\b[A-Z]\d[A-Z]\s\d[A-Z]\d\b/g, words: 0, word: /$^/ },
  // US: Springfield, IL 62704-1234 (the town is required)
  { re: new RegExp(String.raw`,(?<=\p{L},)\s(?:${US_STATES})\s\d{5}(?:-\d{4})?(?![\p{N}])`, 'gu'), words: 3, word: /^\p{Lu}[\p{L}.'’-]+$/u, town: true },
];

/**
 * Where the words before `at` start: up to `max` that `word` accepts, each followed by one space
 * (the first may also touch `at`, as the town before ", IL 62704" does).
 */
function wordsBefore(text: string, at: number, max: number, word: RegExp): number {
  let start = at;
  for (let n = 0; n < max; n++) {
    const end = start > 0 && (text[start - 1] === ' ' || text[start - 1] === '\t') ? start - 1 : start;
    let from = end;
    while (from > 0 && /[\p{L}\p{M}.'’-]/u.test(text[from - 1]!)) from--;
    if (from === end || !word.test(text.slice(from, end))) break;
    start = from;
  }
  return start;
}

// "in 10115 Berlin", "aus 1010 Wien", "à 75002 Paris".
const IN_PLACE = /(?:^|[^\p{L}])(?:in|aus|nach|en|à)$/iu;

/**
 * Whether a postcode of digits (from `at` to `end`, with its place) is one: right after a street
 * found before it (with or without a comma) or with a country prefix (D-10115); or at the start
 * of a line, after a comma, semicolon, colon or bracket, or after "in" and its like, where its
 * place ends the line, the sentence or the part.
 */
function postcodeContext(text: string, at: number, end: number, streetEnds: ReadonlySet<number>): boolean {
  if (/^[A-Z]{1,2}-/.test(text.slice(at, at + 3))) return true; // the prefix is one of COUNTRY_PREFIX
  let i = at;
  while (i > 0 && (text[i - 1] === ' ' || text[i - 1] === '\t')) i--;
  if (streetEnds.has(i) || (text[i - 1] === ',' && streetEnds.has(i - 1))) return true;
  const addressStart = i === 0 || /[\n,;(:]/.test(text[i - 1]!) || IN_PLACE.test(text.slice(Math.max(0, i - 6), i));
  return addressStart && PLACE_END.test(text.slice(end, end + 40));
}

export interface AddressSpan {
  start: number;
  end: number;
}

// A word of a street's name before its type: Berliner, Alte, Karl-Marx.
const STREET_NAME_WORD = /^\p{Lu}[\p{L}-]*$/u;

// An abbreviation keeps its dot ("Baker St."); a sentence's full stop after "Street" stays outside.
const ABBREVIATED = /(?:^|[\s.])(?:St|Rd|Ave|Ln|Dr|Blvd|Ct|Pl|Sq|Pkwy|Hwy|Cir|Str|Av|Avda|Pza|Ctra|str)\.$/;
const withoutFullStop = (text: string, span: AddressSpan): AddressSpan =>
  text[span.end - 1] === '.' && !ABBREVIATED.test(text.slice(Math.max(0, span.end - 8), span.end)) ? { ...span, end: span.end - 1 } : span;

export function findAddresses(text: string): AddressSpan[] {
  return findSpans(text).map((span) => withoutFullStop(text, span));
}

function findSpans(text: string): AddressSpan[] {
  const spans: AddressSpan[] = [];
  for (const re of STREETS) for (const m of text.matchAll(re)) spans.push({ start: m.index, end: m.index + m[0].length });
  for (const m of text.matchAll(AFTER_NAME)) spans.push({ start: wordsBefore(text, m.index, 1, STREET_NAME_WORD), end: m.index + m[0].length });
  const streetEnds = new Set(spans.map((s) => s.end));
  for (const m of text.matchAll(DIGIT_POSTCODE)) {
    if (postcodeContext(text, m.index, m.index + m[0].length, streetEnds)) spans.push({ start: m.index, end: m.index + m[0].length });
  }
  for (const { re, words, word, town } of SHAPED_POSTCODES) {
    for (const m of text.matchAll(re)) {
      const start = wordsBefore(text, m.index, words, word);
      if (start < m.index || !town) spans.push({ start, end: m.index + m[0].length });
    }
  }
  return spans;
}
