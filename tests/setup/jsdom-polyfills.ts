// jsdom lacks these; MUI X DataGrid and our fetcher need them at import time.
import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { TextEncoder, TextDecoder });
