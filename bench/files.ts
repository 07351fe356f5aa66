/**
 * Files bench (issue 5): a 500 MB upload and its download straight to blade/ over HTTP and through the portal's
 * proxy (MB/s, portal-to-direct ratio, RSS growth of each process, SHA-256 checked both ways), and the time to open a
 * record of 5,051 catalogue nodes and 50,000 files (roots, the root's 50 children, a folder's 100 leaves with their
 * 1,000 files), in process on PGlite.
 *
 * `npm run bench` runs both; `npx tsx bench/files.ts` runs only the tree part.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { request } from 'undici';
import type { Blade } from '../blade/app';
import { seedLargeTree } from '../blade/modules/files/files.fixtures';
import { onSeededBlade, printReport } from './admin';

const MB = 1024 * 1024;
const BOUNDARY = 'bench-files-boundary';

function rssMb(pid: number): number {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  return kb / 1024;
}

/** Samples a process's RSS every 50 ms while fn runs. */
async function withRss<T>(pid: number, fn: () => Promise<T>) {
  const baseline = rssMb(pid);
  let peak = baseline;
  const timer = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 50);
  try {
    const result = await fn();
    return { result, rssGrowthMb: Math.round(peak - baseline) };
  } finally {
    clearInterval(timer);
  }
}

/** A PNG-headed multipart body of `bytes` generated on the fly; returns the body and the file's SHA-256. */
function multipartBody(bytes: number): { body: Readable; sha256: string } {
  const chunk = Buffer.alloc(MB);
  for (let i = 0; i < chunk.length; i++) chunk[i] = (i * 13 + 5) & 0xff;
  const first = Buffer.from(chunk);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(first);
  const hash = createHash('sha256');
  for (let sent = 0; sent < bytes; sent += MB)
    hash.update((sent === 0 ? first : chunk).subarray(0, Math.min(MB, bytes - sent)));
  const body = Readable.from(
    (function* () {
      yield Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="bench.png"\r\nContent-Type: image/png\r\n\r\n`,
      );
      for (let sent = 0; sent < bytes; sent += MB)
        yield (sent === 0 ? first : chunk).subarray(0, Math.min(MB, bytes - sent));
      yield Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
    })(),
  );
  return { body, sha256: hash.digest('hex') };
}

export interface FilesTarget {
  /** Base of the file calls: `http://blade:port` or `http://portal:port/api`. */
  base: string;
  headers: Record<string, string>;
  /** Process whose RSS is watched (the portal, or blade/ when measured directly). */
  pid: number;
}

async function roundTrip(target: FilesTarget, bytes: number) {
  const { body, sha256 } = multipartBody(bytes);
  const up = await withRss(target.pid, async () => {
    const started = performance.now();
    const res = await request(`${target.base}/blade-resource/file/uploadFile`, {
      method: 'POST',
      body,
      headers: { ...target.headers, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      headersTimeout: 600_000,
      bodyTimeout: 600_000,
    });
    const json = (await res.body.json()) as {
      code: number;
      msg: string;
      data: { id: string; sha256: string };
    };
    if (json.code !== 200) throw new Error(`upload refused: ${json.msg}`);
    return { seconds: (performance.now() - started) / 1000, id: json.data.id, sha: json.data.sha256 };
  });
  const key = (await (
    await request(`${target.base}/blade-resource/file/getFileAuthKey?fileId=${up.result.id}`, {
      headers: target.headers,
    })
  ).body.json()) as { data: { authKey: string } };
  const down = await withRss(target.pid, async () => {
    const started = performance.now();
    const res = await request(
      `${target.base}/blade-resource/file/downloadById?id=${up.result.id}&isDownload=1&authKey=${key.data.authKey}`,
      { headers: target.headers, headersTimeout: 600_000, bodyTimeout: 600_000 },
    );
    const hash = createHash('sha256');
    let size = 0;
    for await (const c of res.body) {
      hash.update(c as Buffer);
      size += (c as Buffer).length;
    }
    return { seconds: (performance.now() - started) / 1000, sha: hash.digest('hex'), size };
  });
  const mbps = (s: number) => Math.round(bytes / MB / s);
  return {
    upload: {
      megabytesPerSecond: mbps(up.result.seconds),
      rssGrowthMb: up.rssGrowthMb,
      sha256Matches: up.result.sha === sha256,
    },
    download: {
      megabytesPerSecond: mbps(down.result.seconds),
      rssGrowthMb: down.rssGrowthMb,
      sha256Matches: down.result.sha === sha256 && down.result.size === bytes,
    },
  };
}

/** 500 MB (BENCH_UPLOAD_MB) up and down, straight to blade/ and through the portal. */
export async function runFilesTransferBench(direct: FilesTarget, portal: FilesTarget, megabytes: number) {
  const bytes = megabytes * MB;
  const bladeDirect = await roundTrip(direct, bytes);
  const throughPortal = await roundTrip(portal, bytes);
  return {
    megabytes,
    bladeDirect,
    throughPortal,
    ratios: {
      uploadPortalToDirect: +(
        throughPortal.upload.megabytesPerSecond / bladeDirect.upload.megabytesPerSecond
      ).toFixed(3),
      downloadPortalToDirect: +(
        throughPortal.download.megabytesPerSecond / bladeDirect.download.megabytesPerSecond
      ).toFixed(3),
    },
  };
}

/** Opening a record of 5,051 nodes and 50,000 files, in process on PGlite (ms, first call after a warm-up). */
export function runFilesTreeBench() {
  const record = { functionCode: 'archive', dataId: 'BIG-1' };
  const seed = (blade: Blade) =>
    seedLargeTree(blade.db, '000000', { ...record, folders: 50, leavesPerFolder: 100, filesPerLeaf: 10 });
  return onSeededBlade(undefined, seed, async (blade, admin, seeded) => {
    const get = async (query: string) => {
      const started = performance.now();
      const res = await blade.fetch(
        new Request(`http://blade/blade-resource/fileCatalog/selectFileList?${query}`, {
          headers: { 'Blade-Auth': `bearer ${admin}` },
        }),
      );
      const body = (await res.json()) as { data: { records: { id: string }[] } };
      return { ms: +(performance.now() - started).toFixed(1), body };
    };
    const q = new URLSearchParams(record);
    const warm = new URLSearchParams({ ...record, dataId: 'EMPTY' });
    await get(`${warm}`);
    await get(`${warm}&parentId=${seeded.rootId}`);
    const roots = await get(`${q}`);
    const level1 = await get(`${q}&parentId=${seeded.rootId}`);
    const folder = await get(`${q}&parentId=${level1.body.data.records[7].id}`);
    return {
      nodes: seeded.nodeCount,
      files: seeded.fileCount,
      rootsMs: roots.ms,
      rootChildrenMs: level1.ms,
      openMs: +(roots.ms + level1.ms).toFixed(1),
      folderWith1000FilesMs: folder.ms,
      target: { openUnderMs: 1000, met: roots.ms + level1.ms < 1000 },
    };
  });
}

if (require.main === module) printReport(runFilesTreeBench);
