// Fetches, decompresses and expands Python's memory snapshot off the main thread (static/start.mjs
// starts it), and hands the bytes back without a copy.
import { download } from "./snapshot.mjs";

self.onmessage = async ({ data: url }) => {
  try {
    let told = 0;
    const bytes = await download(url, (arrived) => {
      if (arrived - told < 65536) return; // a message per 64 KiB at most
      told = arrived;
      self.postMessage({ arrived });
    });
    self.postMessage({ bytes }, [bytes.buffer]);
  } catch (error) {
    self.postMessage({ error: `snapshot: ${error.message || error}` });
  }
};
