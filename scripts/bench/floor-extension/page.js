// As Deskmate's sidebar does (src/ui/client.ts connectChat): a port to the worker, opened
// again by the next send once the worker stopped. Reconnecting at the disconnect would start the
// worker again before the click, and the floor would measure a worker already running.
let port;
let waiting;
const now = () => performance.timeOrigin + performance.now();
function connect() {
  const opened = chrome.runtime.connect({ name: 'floor' });
  port = opened;
  port.onDisconnect.addListener(() => {
    if (port === opened) port = undefined;
  });
  port.onMessage.addListener((message) => {
    if (!waiting) return;
    if (message.type === 'token') waiting.tokenAt = now();
    if (message.type === 'done') waiting.done(waiting);
  });
  port.postMessage({ type: 'open' });
}
connect();
/** One turn: the click's time and the first chunk's arrival, both on this machine's wall clock. */
globalThis.floorTurn = (url, body) =>
  new Promise((done) => {
    waiting = { clickAt: now(), tokenAt: 0, done };
    if (!port) connect();
    port.postMessage({ type: 'send', url, body });
  });
