import { describe, expect, it } from 'vitest';
import type { ModelEvent } from '../../../src/core';
import { numberChecks } from '../../fakes/phone-metadata';
import { createMasker } from '../../../src/core/pii';
import { createStreamUnmasker } from '../../../src/core/pii/stream-unmask';

function unmasked(events: ModelEvent[]): ModelEvent[] {
  const masker = createMasker({ checks: numberChecks });
  masker.addPeople([{ name: 'Ann "The Boss" Lee', role: 'CUSTOMER' }]);
  masker.mask('ann@example.com');
  const unmasker = createStreamUnmasker(masker);
  return [...events.flatMap((e) => [...unmasker.push(e)]), ...unmasker.end()];
}

const text = (delta: string): ModelEvent => ({ type: 'text', delta });
const stop: ModelEvent = { type: 'finish', reason: 'stop' };
const usage: ModelEvent = { type: 'usage', promptTokens: 10, completionTokens: 2 };

describe('the unmasked stream of a model', () => {
  it('passes text on as it comes, never as empty pieces, holding back only an unfinished placeholder', () => {
    expect(unmasked([text('Dear '), text('[CUS'), text('TOMER_1_LAST],'), text(' thanks'), stop])).toEqual([text('Dear '), text('Lee,'), text(' thanks'), stop]);
  });

  it('gives the held-back end of the text before the finish, and at the end of a stream without one', () => {
    expect(unmasked([text('see item [A'), stop])).toEqual([text('see item '), text('[A'), stop]);
    expect(unmasked([text('write to [EMAIL_'), text('1] or [B')])).toEqual([text('write to '), text('ann@example.com or '), text('[B')]);
  });

  it('passes usage on where it comes, without cutting a placeholder in two', () => {
    expect(unmasked([text('Hi [CUS'), usage, text('TOMER_1_LAST]'), stop])).toEqual([text('Hi '), usage, text('Lee'), stop]);
  });

  it('gives the whole tool calls, unmasked, before the finish', () => {
    const out = unmasked([
      { type: 'tool_call', index: 0, id: 'c1', name: 'reply__propose', arguments: '{"body":"Hi [CUSTOMER_1_' },
      { type: 'tool_call', index: 0, arguments: 'LAST]"}' },
      { type: 'finish', reason: 'tool_calls' },
    ]);
    expect(out).toEqual([
      { type: 'tool_call', index: 0, id: 'c1', name: 'reply__propose', arguments: '{"body":"Hi Lee"}' },
      { type: 'finish', reason: 'tool_calls' },
    ]);
  });

  it('writes real values into arguments that are not JSON as JSON-escaped text, and leaves unknown placeholders', () => {
    const [call] = unmasked([{ type: 'tool_call', index: 0, id: 'c1', name: 'reply__propose', arguments: '{"body":"Dear [CUSTOMER_1], [NOTE_1]' }, stop]);
    expect(call).toMatchObject({ arguments: '{"body":"Dear Ann \\"The Boss\\" Lee, [NOTE_1]' });
  });
});
