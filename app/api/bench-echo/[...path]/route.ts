// The bench's bare handler again, on a catch-all route like the proxy's: `npm run bench` calls it with the session
// cookie too, so that it measures Next's own ceiling for the very request the proxy gets.
export const dynamic = 'force-dynamic';

export { GET } from '../route';
