import { promisify } from 'node:util';
import { brotliCompress, constants } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { acceptsBrotli } from './serialised-json';

const compress = promisify(brotliCompress);
/** Made per request (a rendered page is this visitor's): a quality that costs about a millisecond yet keeps most of the gain. */
const PAGE_BROTLI_QUALITY = 5;

/**
 * Sends a page's HTML, brotli-compressed for browsers that accept it: a server-rendered page carries its data inline,
 * tens of kilobytes that a phone on a slow network would otherwise wait for before the first paint. (Compressing a
 * page that holds a visitor's own answers is safe from BREACH-style guessing because the session cookies are SameSite:
 * another site cannot make this visitor's browser fetch their pages, with their data in them, in the background.)
 */
export async function sendPage(request: FastifyRequest, reply: FastifyReply, html: string) {
  reply.header('vary', 'accept-encoding').type('text/html; charset=utf-8');
  if (!acceptsBrotli(request)) return reply.send(html);
  const body = await compress(html, { params: { [constants.BROTLI_PARAM_QUALITY]: PAGE_BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: html.length } });
  return reply.header('content-encoding', 'br').send(body);
}
