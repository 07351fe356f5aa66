// V8 settings for the portal's server process, imported first by scripts/server.mjs (the container, `npm start`, the
// standalone output) and preloaded by `npm run bench` into the portals it measures.
//
// The young generation is capped at 8 MB on Node 24. A streamed upload arrives as 64 KB chunks whose bytes live
// outside the JS heap and are freed only when the small wrappers holding them are scavenged. Node 24's V8 lets the
// young generation grow to 32 MB, so scavenges come rarely while an upload streams and dead chunks pile up: a 500 MB
// upload through the portal grew its RSS by 100–120 MB. Capped at 8 MB it grows by about 40 MB, the upload runs
// faster (about 400 MB/s against 280), and the proxy's GET throughput is unchanged (npm run bench; the measurements
// are in issue 12's closing note). 16 MB gave no gain. Node 22's V8 lacks the flag (and rejects it loudly), so it is
// only set where it was measured.
import v8 from 'node:v8';

const nodeMajor = Number(process.versions.node.split('.')[0]);
if (nodeMajor >= 24) v8.setFlagsFromString('--scavenger-max-new-space-capacity-mb=8');
