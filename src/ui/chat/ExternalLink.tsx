import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { revealedText } from '../../shared/hidden-chars';
import type { LinkTarget } from '../../shared/link-target';
import { t } from '../i18n';

/** The destination host, always shown next to a link; a punycode host is flagged. */
export function LinkHost({ target }: { target: LinkTarget }) {
  const idn = /(^|\.)xn--/i.test(target.host);
  return (
    <span class={`link-host${idn ? ' link-host-idn' : ''}`} data-testid="link-host" title={idn ? t('lookalike_punycode') : undefined}>
      {idn ? '⚠ ' : ''}
      {target.host}
    </span>
  );
}

/** A link that opens in one click: a page of the helpdesk itself, or an address the knowledge base links to. */
export function TrustedLink({ target, children }: { target: LinkTarget; children: ComponentChildren }) {
  return (
    <span class="md-link" data-testid="md-link" data-trusted="true">
      <a href={target.url} target="_blank" rel="noopener noreferrer">
        {children}
      </a>{' '}
      <LinkHost target={target} />
    </span>
  );
}

/**
 * A link the model wrote to anywhere else: its text only toggles a second step that shows the
 * full address (query string and all, hidden characters marked), and only the explicit "Open"
 * there leaves. One click on text such as "Open ticket #1047" can no longer carry data out.
 */
export function ExternalLink({ target, children }: { target: LinkTarget; children: ComponentChildren }) {
  const [open, setOpen] = useState(false);
  return (
    <span class="md-link" data-testid="md-link" data-trusted="false">
      <button type="button" class="link ext-link" aria-expanded={open} data-testid="ext-link-toggle" onClick={() => setOpen(!open)}>
        {children}
      </button>{' '}
      <LinkHost target={target} />
      {open && (
        <span class="ext-link-step" role="group" data-testid="ext-link-step">
          <span>{t(target.kind === 'mail' ? 'link_mail_elsewhere' : 'link_elsewhere', target.host)}</span>
          <code class="ext-link-url" data-testid="ext-link-url">
            {revealedText(target.url)}
          </code>
          <span class="actions">
            <a class="btn btn-small" href={target.url} target="_blank" rel="noopener noreferrer" data-testid="ext-link-open" onClick={() => setOpen(false)}>
              {t('link_open')}
            </a>
            <button type="button" class="btn btn-quiet btn-small" onClick={() => setOpen(false)}>
              {t('link_cancel')}
            </button>
          </span>
        </span>
      )}
    </span>
  );
}
