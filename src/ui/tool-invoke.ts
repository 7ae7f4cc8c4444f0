import type { ShownResult } from '../shared/result-parts';
import { fail } from '../core/results';
import { isToolErrorCode } from '../core/tool-errors';
import type { Request } from '../shared/protocol';
import { RequestError, request } from './client';
import { errorText } from './format';

/**
 * A tool run on a person's click (a draft's buttons, a page action): the background's result, or
 * its refusal of the request itself as a result, with its code when the code is one of the closed
 * list. Only the chunks that have such buttons bring it along.
 */
export async function invokeTool(ask: Omit<Request<'tool.invoke'>, 'type'>): Promise<ShownResult> {
  try {
    return await request('tool.invoke', ask);
  } catch (e) {
    return fail(e instanceof RequestError && isToolErrorCode(e.code) ? e.code : 'internal', errorText(e));
  }
}
