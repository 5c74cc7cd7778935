// Fetches, decompresses and expands Python's memory snapshot off the main thread (static/start.mjs
// starts it), and hands the bytes back without a copy.
import { download } from "./snapshot.mjs";

self.onmessage = async ({ data: url }) => {
  try {
    const bytes = await download(url);
    self.postMessage({ bytes }, [bytes.buffer]);
  } catch (error) {
    self.postMessage({ error: `snapshot: ${error.message || error}` });
  }
};
