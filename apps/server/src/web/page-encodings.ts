/**
 * Rendered pages, compressed once (issue 10): a page the renderer keeps by key is brotli- and
 * gzip-compressed the first time it is sent and kept, so every later visitor gets the small bytes at no
 * cost; a page made for one request (the thank-you page) is gzipped on the way.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export interface EncodedPage {
  body: Buffer | string;
  encoding: 'br' | 'gzip' | null;
}

interface Compressed {
  html: string;
  br: Buffer;
  gzip: Buffer;
}

const LIMIT = 1000;

export function pageEncodings() {
  const kept = new Map<string, Compressed>();

  function compressedFor(key: string, html: string): Compressed {
    const found = kept.get(key);
    if (found?.html === html) return found;
    const made = {
      html,
      br: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
      gzip: gzipSync(html, { level: 9 }),
    };
    if (kept.size >= LIMIT) kept.clear();
    kept.set(key, made);
    return made;
  }

  return (html: string, cacheKey: string | null, acceptEncoding: string): EncodedPage => {
    const accepts = (name: string) => acceptEncoding.split(',').some((part) => part.trim().split(';')[0] === name);
    if (cacheKey !== null) {
      if (accepts('br')) return { body: compressedFor(cacheKey, html).br, encoding: 'br' };
      if (accepts('gzip')) return { body: compressedFor(cacheKey, html).gzip, encoding: 'gzip' };
    } else if (accepts('gzip')) {
      return { body: gzipSync(html), encoding: 'gzip' };
    }
    return { body: html, encoding: null };
  };
}
