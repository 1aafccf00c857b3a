import type { FastifyPluginAsync } from 'fastify';
import type { RenderedPage, ServerRenderer } from './server-render';
import { sendPage } from './page-reply';
import { visitorApi } from './server-render';

export interface QuizFormRoutesOptions {
  renderer: ServerRenderer;
  pageHtml: (pathname: string, rendered?: RenderedPage | null) => string;
}

const STEP_FORM_LIMIT = 64 * 1024;

/**
 * A consultation step posted as a plain HTML form, by a browser whose copy of the app has not started yet (slow
 * phone, script blocked): saved through the same API call the app makes, then on to the next page (303), or the
 * step again with its messages. Only here are form bodies accepted: the API itself takes JSON alone. Requests
 * from other sites are refused before this, as for every state-changing request (lib/cross-site.ts).
 */
export const quizFormRoutes: FastifyPluginAsync<QuizFormRoutesOptions> = async (app, { renderer, pageHtml }) => {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: STEP_FORM_LIMIT }, (_request, body, done) => {
    done(null, new URLSearchParams(body as string));
  });

  app.post<{ Params: { slug: string; step: string } }>('/n/:slug/quiz/:step', async (request, reply) => {
    const pathname = request.url.split('?')[0]!;
    const form = request.body instanceof URLSearchParams ? request.body : new URLSearchParams();
    const setCookies: string[] = [];
    const result = await renderer.submitQuizStep(request.url, form, visitorApi(app, request, setCookies), request.headers.cookie ?? '').catch((error: unknown) => {
      request.log.error({ err: error, url: request.url }, 'a quiz step posted as a form could not be taken; the step is shown again');
      return null;
    });
    for (const cookie of setCookies) reply.header('set-cookie', cookie);
    reply.header('cache-control', 'no-store');
    // Not a step we can take (or the API failed): the step's page, where the app takes over.
    if (result === null) return reply.redirect(pathname, 303);
    if ('redirect' in result) return reply.redirect(result.redirect, 303);
    return sendPage(request, reply.status(result.status), pageHtml(pathname, result.page));
  });
};
