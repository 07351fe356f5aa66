import { randomInt } from 'node:crypto';

// Snowflake layout: 41 bits of milliseconds since EPOCH, 10 bits of worker, 12 bits of sequence.
const EPOCH = 1288834974657n;
const WORKER = BigInt(randomInt(0, 1024));
let lastMs = 0n;
let sequence = 0n;

/** A new 64-bit id as a decimal string (JSON numbers cannot hold it). */
export function nextId(): string {
  let now = BigInt(Date.now());
  if (now < lastMs) now = lastMs; // clock stepped back: keep issuing from the last instant
  if (now === lastMs) {
    sequence = (sequence + 1n) & 0xfffn;
    if (sequence === 0n) now = lastMs + 1n; // sequence exhausted: borrow the next millisecond
  } else {
    sequence = 0n;
  }
  lastMs = now;
  return (((now - EPOCH) << 22n) | (WORKER << 12n) | sequence).toString();
}
