import http from 'node:http';
import type { FastifyServerFactory } from 'fastify';
import type { PrebuiltReplies } from './prebuilt-replies';

/** The options Fastify passes a server factory, with its defaults applied. */
interface ServerOptions {
  http?: http.ServerOptions;
  keepAliveTimeout: number;
  requestTimeout: number;
  connectionTimeout: number;
  maxRequestsPerSocket: number;
}

/**
 * Fastify's own HTTP/1 server (same options, same timeouts) with recorded replies answered before Fastify's
 * handler runs.
 */
export function serverAnsweringPrebuilt(prebuilt: PrebuiltReplies): FastifyServerFactory {
  return (handler, fastifyOptions) => {
    const options = fastifyOptions as unknown as ServerOptions;
    const server = http.createServer(options.http ?? {}, (request, response) => {
      if (!prebuilt.serve(request, response)) handler(request, response);
    });
    server.keepAliveTimeout = options.keepAliveTimeout;
    server.requestTimeout = options.requestTimeout;
    server.setTimeout(options.connectionTimeout);
    // Fastify treats zero as Node's default.
    if (options.maxRequestsPerSocket > 0) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  };
}
