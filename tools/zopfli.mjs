// Gzip a file as tightly as gzip's format allows (Zopfli, the same deflate any browser inflates),
// for the files that travel gzipped whole (tools/build.py: PACKED; it keeps what it made in
// build/cache/, by the input's hash, so that a file is compressed once a machine):
//
//   node tools/zopfli.mjs INPUT OUTPUT ITERATIONS
//
// The output's header has no time and no name: the same input makes the same bytes.
import { gzip } from "@gfx/zopfli";
import { readFileSync, writeFileSync } from "node:fs";

const [input, output, iterations] = process.argv.slice(2);
if (!input || !output || !Number(iterations)) {
  console.error("usage: node tools/zopfli.mjs INPUT OUTPUT ITERATIONS");
  process.exit(2);
}
gzip(readFileSync(input), { numiterations: Number(iterations) }, (error, made) => {
  if (error) {
    console.error(error);
    process.exit(1);
  }
  writeFileSync(output, made);
});
