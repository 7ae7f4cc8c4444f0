/**
 * English names of the languages a browser's UI can be in (Chromium's UI locales, which is what
 * `i18n.getUILanguage()` answers there, and Deskmate's own message locales), as
 * `Intl.DisplayNames(['en'], { type: 'language' })` gives them. Kept as data because the first
 * `Intl.DisplayNames` of a worker loads the locale data: 60-130 ms on a busy machine, on the
 * path of the first request after every start of the worker. A test checks the table against Intl.
 */
const NAMES =
  'af:Afrikaans|am:Amharic|ar:Arabic|as:Assamese|az:Azerbaijani|be:Belarusian|bg:Bulgarian|bn:Bangla|bs:Bosnian|ca:Catalan|cs:Czech|cy:Welsh|da:Danish|de:German|el:Greek|en:English|en-GB:British English|en-US:American English|es:Spanish|es-419:Latin American Spanish|et:Estonian|eu:Basque|fa:Persian|fi:Finnish|fil:Filipino|fr:French|fr-CA:Canadian French|gl:Galician|gu:Gujarati|he:Hebrew|hi:Hindi|hr:Croatian|hu:Hungarian|hy:Armenian|id:Indonesian|is:Icelandic|it:Italian|ja:Japanese|ka:Georgian|kk:Kazakh|km:Khmer|kn:Kannada|ko:Korean|ky:Kyrgyz|lo:Lao|lt:Lithuanian|lv:Latvian|mk:Macedonian|ml:Malayalam|mn:Mongolian|mr:Marathi|ms:Malay|my:Burmese|nb:Norwegian Bokmål|ne:Nepali|nl:Dutch|or:Odia|pa:Punjabi|pl:Polish|pt-BR:Brazilian Portuguese|pt-PT:European Portuguese|ro:Romanian|ru:Russian|si:Sinhala|sk:Slovak|sl:Slovenian|sq:Albanian|sr:Serbian|sr-Latn:Serbian (Latin)|sv:Swedish|sw:Swahili|ta:Tamil|te:Telugu|th:Thai|tr:Turkish|uk:Ukrainian|ur:Urdu|uz:Uzbek|vi:Vietnamese|zh-CN:Chinese (China)|zh-HK:Chinese (Hong Kong SAR China)|zh-TW:Chinese (Taiwan)|zu:Zulu';

let byTag: Map<string, string> | undefined;

/** The table as tag -> name; exported for the test that compares it with Intl. */
export function knownLanguageNames(): ReadonlyMap<string, string> {
  return (byTag ??= new Map(NAMES.split('|').map((entry) => entry.split(':') as [string, string])));
}
