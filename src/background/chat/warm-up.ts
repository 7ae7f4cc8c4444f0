import { masksPersonalData } from '../../shared/settings';
import { log } from '../diagnostics/logger';
import { modelClientScript } from '../model/model-client';
import { loadModelSettings } from '../model/model-settings';
import { loadPersonalData } from '../model/personal-data';

/**
 * A sidebar has connected: it opened, or the agent started typing a question after the worker
 * had stopped (the sidebar connects again at the first keystroke). What the turn's first request
 * needs is loaded now rather than after the click: the model client, and the personal data
 * detectors when the settings mask personal data (the default for any model not on this
 * machine). Loading is all this does: a failure here is met again by the turn, which tries once
 * more and, without the detectors, sends nothing.
 */
export function warmUpForTurn(): void {
  void modelClientScript.load().catch(log.swallow('chat', 'The model client could not be loaded ahead of a turn', 'info'));
  void loadModelSettings()
    .then((settings) => (masksPersonalData(settings) ? loadPersonalData() : undefined))
    .catch(log.swallow('chat', 'The personal data detectors could not be loaded ahead of a turn', 'info'));
}
