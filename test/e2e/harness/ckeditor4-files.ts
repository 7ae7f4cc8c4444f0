import { readFile } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { ROOT } from './paths';

/**
 * The real CKEditor 4 (npm `ckeditor4`, the last open-source release), served by the fixture
 * helpdesk under /ckeditor4/ so its reply page runs the editor as helpdesks ship it: the text
 * lives in an iframe's body and is copied into the form's textarea only when the form is
 * submitted.
 */
const BASE = join(ROOT, 'node_modules', 'ckeditor4');
const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.gif': 'image/gif',
  '.html': 'text/html',
  '.json': 'application/json',
};

/** Serves `pathname` when it is under /ckeditor4/ (true), else leaves the response alone (false). */
export async function serveCkeditor4(pathname: string, response: ServerResponse): Promise<boolean> {
  if (!pathname.startsWith('/ckeditor4/')) return false;
  const file = normalize(join(BASE, decodeURIComponent(pathname.slice('/ckeditor4/'.length))));
  if (!file.startsWith(BASE + sep)) {
    response.writeHead(403).end();
    return true;
  }
  try {
    const body = await readFile(file);
    response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'max-age=600' });
    response.end(body);
  } catch {
    response.writeHead(404).end();
  }
  return true;
}

/** The reply page's form: a textarea CKEditor 4 replaces (its content goes back into it on submit). */
export const ckeditorReplyForm = (shape: string, id: number): string =>
  `<form id="reply-form" method="post" action="/${shape}/tickets/${id}/reply">` +
  `<p><label>Status <select name="Status"><option>open</option><option>resolved</option></select></label></p>` +
  `<textarea id="body" name="body" rows="8" cols="60"></textarea>` +
  `<p><button id="post" type="submit">Post reply</button></p></form>` +
  `<script src="/ckeditor4/ckeditor.js"></script>` +
  `<script>CKEDITOR.replace('body', { versionCheck: false, height: 160, removePlugins: 'elementspath' });</script>`;
