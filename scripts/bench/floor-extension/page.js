// As Deskmate's sidebar does: a port to the worker, opened again at once when the worker stops.
let port;
let waiting;
const now = () => performance.timeOrigin + performance.now();
function connect() {
  port = chrome.runtime.connect({ name: 'floor' });
  port.onDisconnect.addListener(connect);
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
    port.postMessage({ type: 'send', url, body });
  });
