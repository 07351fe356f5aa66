import { z } from 'zod';

// The one import of zod for the portal's code (lib/, components/, app/). In the browser zod must not probe for
// `new Function` (its JIT): the page's CSP has no 'unsafe-eval', and each probe files a CSP violation report. Setting
// it here, where every browser-side schema gets its `z`, holds before any schema parses, and keeps zod out of pages
// that have no schema (the login page: about 30 KB compressed). The server (and blade/, which imports zod itself)
// keeps the JIT.
if (typeof window !== 'undefined') z.config({ jitless: true });

export { z };
