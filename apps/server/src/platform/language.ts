import { type Language, pickLanguage } from '@wallet/contract';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    language: Language;
  }
}

/** Clients send their language in Accept-Language (the web app sends a bare "zh", "en", "ko" or "ja"). */
export function registerLanguage(app: FastifyInstance): void {
  app.decorateRequest('language', 'en');
  app.addHook('onRequest', (request, _reply, done) => {
    request.language = pickLanguage(request.headers['accept-language']);
    done();
  });
}
