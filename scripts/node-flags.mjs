// Node's command-line flags for the portal's server process: the container's CMD, `npm start` (scripts/start.mjs)
// and the portals `npm run bench` measures pass them as `node <flags> server.mjs`.
//
// The young generation is capped at 8 MB on Node 24. A streamed upload arrives as 64 KB chunks whose bytes live
// outside the JS heap and are freed only when the small wrappers holding them are scavenged. Node 24's V8 lets the
// young generation grow far larger (to 128 MB here), so scavenges come rarely while an upload streams and dead chunks
// pile up: a 500 MB upload through the portal grew its RSS by 100–120 MB. Capped at 8 MB it grows by about 40 MB, the
// upload runs faster (about 400 MB/s against 280) and the proxy's GET throughput is unchanged (npm run bench; issue
// 12's closing note); 16 MB gave no gain. The flag must be given on the command line: V8 reads it when the heap is
// set up (set later through v8.setFlagsFromString it only partly applies), and NODE_OPTIONS does not accept it.
// Node 22's V8 lacks it, so it is given only where it was measured.

/** The flags for a server process running on Node `version`. */
export function portalNodeFlags(version = process.versions.node) {
  return Number(version.split('.')[0]) >= 24 ? ['--scavenger-max-new-space-capacity-mb=8'] : [];
}
