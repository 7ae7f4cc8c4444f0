export default defineBackground(() => {
  // The host is wired in by the runtime; until then the worker only starts.
});
