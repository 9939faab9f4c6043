import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { APP_VERSION } from '@wallet/contract';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/**
 * The OpenAPI 3.1 document is generated from the zod schemas that validate requests, so the
 * documentation cannot drift from what the server accepts. Must be registered before the routes.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'SBC Wallet API',
        version: APP_VERSION,
        description:
          'Mobile wallet and prepaid card API. Errors always have the shape { error: { code, message, details? } }; ' +
          'send Accept-Language (zh, en, ko or ja) to get messages in that language.',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'Session token from login' } },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    // The validator badge would load from validator.swagger.io: nothing loads from a third party.
    uiConfig: { validatorUrl: null },
    staticCSP: DOCS_POLICY,
  });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}

/**
 * The docs page's own policy: Swagger UI ships no inline script (its csp.json lists no hashes), so its
 * files and the document come from this server alone, and nothing frames it. Its script sets style
 * attributes as it draws, which only 'unsafe-inline' lets through; styles cannot run code.
 */
const DOCS_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');
