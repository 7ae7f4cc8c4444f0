// The whole worker: answer a page's port, and on "send" make one streamed fetch and post its first chunk.
chrome.runtime.onConnect.addListener((port) => {
  port.onMessage.addListener(async (message) => {
    if (message.type === 'open') return port.postMessage({ type: 'snapshot' });
    const response = await fetch(message.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: message.body });
    const reader = response.body.getReader();
    const first = await reader.read();
    port.postMessage({ type: 'token', bytes: first.value ? first.value.length : 0 });
    while (!(await reader.read()).done);
    port.postMessage({ type: 'done' });
  });
});
