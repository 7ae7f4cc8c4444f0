import { elementText } from './dom-text';

/**
 * Text as the delivery checks compare it: a reply as the helpdesk stored it (HTML) against the
 * text Deskmate sent.
 */

/** The plain text of an HTML string, parsed inert (a DOMParser document: no script runs, nothing loads). */
export function htmlToText(html: string, doc: Document): string {
  const Parser = doc.defaultView?.DOMParser ?? DOMParser;
  return elementText(new Parser().parseFromString(html, 'text/html').body);
}

/**
 * Text as compared for "is this the reply we sent": line breaks kept, runs of spaces, tabs
 * and no-break spaces as one space, blank-line runs as one, ends trimmed.
 */
export const comparableText = (s: string): string =>
  s
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t\u00a0]+/g, ' ')
    .replace(/ ?\n ?/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
