import { OPTIONS_CHANNEL, type OptionsGoto } from '../client';

/**
 * On the options page: each request of the sidebar to go somewhere (client.ts's openSettings).
 * Returns the way to stop listening. Here, not in client.ts: the sidebar only asks.
 */
export function onOptionsGoto(go: (where: OptionsGoto) => void): () => void {
  const channel = new BroadcastChannel(OPTIONS_CHANNEL);
  channel.onmessage = (e: MessageEvent<OptionsGoto>) => go({ section: typeof e.data?.section === 'string' ? e.data.section : null, preset: typeof e.data?.preset === 'string' ? e.data.preset : null });
  return () => channel.close();
}
