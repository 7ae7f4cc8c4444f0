// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { boxText } from '../../../src/sites/dom/box-text';

/**
 * Request Tracker writes "Type your message here" into its empty CKEditor 4 body, marked with a
 * `placeholder` class it removes on focus: that is no text of the agent's, so a send does not
 * stop to ask about it; once the agent types, the class goes and the text counts.
 */
describe('boxText and a placeholder written into the editor', () => {
  it('reads an editor marked as showing its placeholder as empty, and the same editor with the agent’s text as that text', () => {
    const host = document.createElement('div');
    host.contentEditable = 'true';
    host.className = 'cke_editable placeholder';
    host.textContent = 'Type your message here';
    document.body.append(host);
    expect(boxText(host)).toBe('');
    host.classList.remove('placeholder');
    host.textContent = 'Half a reply';
    expect(boxText(host)).toBe('Half a reply');
    host.remove();
  });
});
