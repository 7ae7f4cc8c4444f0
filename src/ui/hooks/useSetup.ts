import { useEffect, useRef, useState } from 'preact/hooks';
import { onBroadcast, request } from '../client';
import type { SetupStatus } from '../../shared/settings';

export interface Setup {
  /** null until the first answer. */
  status: SetupStatus | null;
  /** How many model errors the chat had shown when the check that gave `status` began. */
  checkedAfter: number;
  checking: boolean;
  check(): void;
}

/**
 * Whether the sidebar's model is ready: asked when the sidebar opens, when the settings or
 * the knowledge base change, when the sidebar gets focus back (the agent may have started
 * the model server meanwhile), on "Check again", and after each model error of the chat.
 */
export function useSetup(errors: number): Setup {
  const [answer, setAnswer] = useState<{ status: SetupStatus | null; checkedAfter: number }>({ status: null, checkedAfter: 0 });
  const [checking, setChecking] = useState(false);
  const latest = useRef(0);
  const seen = useRef(errors);
  seen.current = errors;
  const check = () => {
    const n = ++latest.current;
    const after = seen.current;
    setChecking(true);
    request('setup.status', {}).then(
      (s) => n === latest.current && (setAnswer({ status: s, checkedAfter: after }), setChecking(false)),
      () => n === latest.current && setChecking(false),
    );
  };
  useEffect(() => {
    const off = onBroadcast((m) => m.type === 'settings.changed' && check());
    const onFocus = () => check();
    window.addEventListener('focus', onFocus);
    return () => {
      latest.current++;
      off();
      window.removeEventListener('focus', onFocus);
    };
  }, []);
  useEffect(check, [errors]);
  return { ...answer, checking, check };
}

/** What the sidebar should offer: the setup card, the demo's reminder, or nothing. */
export function setupNeed(status: SetupStatus | null): 'setup' | 'demo' | null {
  if (!status) return null;
  if (!status.connection.ok) return 'setup';
  return status.configured ? null : 'demo';
}
